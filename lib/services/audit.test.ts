import { SYSTEM_ACTOR } from "@/lib/auth/actor";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendAudit } from "@/lib/db/audit";
import { sqliteStorage } from "@/lib/db/sqlite/storage";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { verifyAudit, verifyNewAudit } from "./audit";

let tdb: TestDatabase;
const append = (n: number) => {
  for (let i = 0; i < n; i++) appendAudit(tdb.sqlite, { action: "run.trigger", actor: SYSTEM_ACTOR, targetType: "run", targetId: `r${i}`, details: { i } });
};
const tamper = (seq: number) => tdb.sqlite.prepare("UPDATE audit_entries SET details = '{\"i\":-1}' WHERE seq = ?").run(seq);

beforeEach(() => {
  tdb = createTestDatabase();
});
afterEach(() => tdb.close());

describe("checking the audit chain's new rows", () => {
  it("checks only the rows appended since the last check, linked to it", async () => {
    append(5);
    const full = await verifyAudit(sqliteStorage(tdb.sqlite).audit);
    expect(full).toMatchObject({ ok: true, checked: 5, scope: "full", full_check_at: expect.any(String) });
    append(3);
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toEqual({ ok: true, checked: 8, scope: "new", full_check_at: full.full_check_at });
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toEqual({ ok: true, checked: 8, scope: "new", full_check_at: full.full_check_at });
    append(1);
    tamper(9);
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: false, first_bad_seq: 9, scope: "new" });
    // A broken chain leaves no prefix: the next check of new rows is a full one.
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: false, first_bad_seq: 9, scope: "full" });
  });

  it("leaves a change to an older row to the next full check", async () => {
    append(6);
    await verifyAudit(sqliteStorage(tdb.sqlite).audit);
    tamper(2);
    append(2);
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: true, checked: 8, scope: "new" });
    expect(await verifyAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: false, first_bad_seq: 2, scope: "full" });
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: false, first_bad_seq: 2, scope: "full" });
  });

  it("checks everything again when the last row checked no longer holds its hash", async () => {
    append(4);
    await verifyAudit(sqliteStorage(tdb.sqlite).audit);
    tdb.sqlite.prepare("UPDATE audit_entries SET hash = ? WHERE seq = 4").run("f".repeat(64));
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: false, first_bad_seq: 4, scope: "full" });
  });

  it("starts with a full check in a fresh process, and from an empty chain", async () => {
    append(3);
    (globalThis as { switchyardAuditVerified?: unknown }).switchyardAuditVerified = undefined; // as a new process has it
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: true, checked: 3, scope: "full" });
    expect(await verifyNewAudit(sqliteStorage(tdb.sqlite).audit)).toMatchObject({ ok: true, checked: 3, scope: "new" });

    const empty = createTestDatabase();
    try {
      expect(await verifyAudit(sqliteStorage(empty.sqlite).audit)).toMatchObject({ ok: true, checked: 0, scope: "full" });
      appendAudit(empty.sqlite, { action: "workflow.create", actor: SYSTEM_ACTOR, targetType: "workflow", targetId: "w" });
      expect(await verifyNewAudit(sqliteStorage(empty.sqlite).audit)).toMatchObject({ ok: true, checked: 1, scope: "new" });
    } finally {
      empty.close();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendAudit, readAuditChainPage } from "@/lib/db/audit";
import { GENESIS_HASH } from "@/lib/db/audit-hash";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { verifyAuditChain } from "./audit-chain";

let tdb: TestDatabase;
const verify = (pageSize?: number) => verifyAuditChain((afterSeq, limit) => readAuditChainPage({ afterSeq, limit }, tdb.sqlite), pageSize);

function appendMany(n: number) {
  for (let i = 0; i < n; i++) {
    appendAudit(tdb.sqlite, { action: "workflow.update", actorId: "local", targetType: "workflow", targetId: `wf${i % 3}`, details: { i, note: { b: 1, a: [i] } } });
  }
}

beforeEach(() => {
  tdb = createTestDatabase();
});
afterEach(() => tdb.close());

describe("audit hash chain", () => {
  it("starts at 64 zeros and links each row to the previous hash", () => {
    const first = appendAudit(tdb.sqlite, { action: "workflow.create", actorId: "local", targetType: "workflow", targetId: "w" });
    const second = appendAudit(tdb.sqlite, { action: "workflow.delete", actorId: "local", targetType: "workflow", targetId: "w" });
    expect(first.prev_hash).toBe(GENESIS_HASH);
    expect(second.prev_hash).toBe(first.hash);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("verifies an intact chain across several pages", async () => {
    appendMany(25);
    expect(await verify(7)).toEqual({ ok: true, checked: 25 });
    expect(await verifyAuditChain(() => [])).toEqual({ ok: true, checked: 0 });
  });

  it.each([
    ["details", "UPDATE audit_entries SET details = '{\"i\":999}' WHERE seq = 10"],
    ["actor", "UPDATE audit_entries SET actor_id = 'mallory' WHERE seq = 10"],
    ["timestamp", "UPDATE audit_entries SET created_at = '2020-01-01T00:00:00.000+00:00' WHERE seq = 10"],
    ["action", "UPDATE audit_entries SET action = 'workflow.create' WHERE seq = 10"],
  ])("reports a row whose %s was changed", async (_what, sql) => {
    appendMany(20);
    tdb.sqlite.exec(sql);
    expect(await verify(4)).toMatchObject({ ok: false, checked: 9, first_bad_seq: 10 });
  });

  it("reports a recomputed hash by the broken link of the next row", async () => {
    appendMany(12);
    tdb.sqlite.exec("UPDATE audit_entries SET hash = (CASE substr(hash, 1, 1) WHEN 'f' THEN '0' ELSE 'f' END) || substr(hash, 2) WHERE seq = 5");
    const result = await verify();
    expect(result).toMatchObject({ ok: false, first_bad_seq: 5 });
  });

  it("reports a deleted row at the next row's seq", async () => {
    appendMany(12);
    tdb.sqlite.exec("DELETE FROM audit_entries WHERE seq = 6");
    expect(await verify()).toMatchObject({ ok: false, checked: 5, first_bad_seq: 7 });
  });

  it("reports a row whose details are no longer JSON", async () => {
    appendMany(3);
    tdb.sqlite.exec("UPDATE audit_entries SET details = 'garbage' WHERE seq = 2");
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: 2 });
  });

  it("joins the caller's transaction and rolls back with it", () => {
    appendMany(2);
    expect(() =>
      tdb.sqlite.transaction(() => {
        appendAudit(tdb.sqlite, { action: "workflow.create", actorId: "local", targetType: "workflow", targetId: "x" });
        throw new Error("the change failed");
      }).immediate(),
    ).toThrow("the change failed");
    expect(readAuditChainPage({ afterSeq: 0, limit: 100 }, tdb.sqlite)).toHaveLength(2);
  });
});

import { SYSTEM_ACTOR } from "@/lib/auth/actor";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendAudit, readAuditChainPage } from "@/lib/db/audit";
import { auditHash, auditHashOfText, GENESIS_HASH, type AuditContent } from "@/lib/db/audit-hash";
import { canonicalJson } from "@/lib/db/canonical-json";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { verifyAuditChain } from "./audit-chain";

let tdb: TestDatabase;
const verify = (pageSize?: number) => verifyAuditChain((afterSeq, limit) => readAuditChainPage({ afterSeq, limit }, tdb.sqlite), pageSize);

function appendMany(n: number) {
  for (let i = 0; i < n; i++) {
    appendAudit(tdb.sqlite, { action: "workflow.update", actor: SYSTEM_ACTOR, targetType: "workflow", targetId: `wf${i % 3}`, details: { i, note: { b: 1, a: [i] } } });
  }
}

beforeEach(() => {
  tdb = createTestDatabase();
});
afterEach(() => tdb.close());

describe("audit hash chain", () => {
  it("starts at 64 zeros and links each row to the previous hash", () => {
    const first = appendAudit(tdb.sqlite, { action: "workflow.create", actor: SYSTEM_ACTOR, targetType: "workflow", targetId: "w" });
    const second = appendAudit(tdb.sqlite, { action: "workflow.delete", actor: SYSTEM_ACTOR, targetType: "workflow", targetId: "w" });
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

  it("hashes a row's stored text exactly as its canonical content", () => {
    const contents: AuditContent[] = [
      { id: "a", action: "run.trigger", actor_id: "local", actor_type: null, actor_name: null, target_type: "run", target_id: "r1", details: {}, created_at: "2026-12-02T08:00:00.000Z" },
      { id: "é\"x", action: "workflow.update", actor_id: "ü", actor_type: "user", actor_name: "Zoë \"Z\"", target_type: "workflow", target_id: "w\n", details: { z: [1, { b: "\u2028", a: null }], a: "\"" }, created_at: "2026-01-01T00:00:00.001Z" },
    ];
    for (const content of contents) {
      expect(auditHashOfText(GENESIS_HASH, content, canonicalJson(content.details))).toBe(auditHash(GENESIS_HASH, content));
    }
  });

  it("verifies rows whose details were stored in another key order or timestamp form", async () => {
    appendMany(2);
    const [, last] = readAuditChainPage({ afterSeq: 0, limit: 10 }, tdb.sqlite);
    const content: AuditContent = { id: "legacy", action: "run.cancel", actor_id: "local", actor_type: null, actor_name: null, target_type: "run", target_id: "r", details: { b: 1, a: 2 }, created_at: "2026-05-06T07:08:09.000Z" };
    tdb.sqlite
      .prepare("INSERT INTO audit_entries (id, action, actor_id, target_type, target_id, details, created_at, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .run(content.id, content.action, content.actor_id, content.target_type, content.target_id, JSON.stringify(content.details), "2026-05-06 07:08:09", last.hash, auditHash(last.hash, content));
    expect(await verify()).toEqual({ ok: true, checked: 3 });
  });

  it.each([
    ["a timestamp that is no date", "UPDATE audit_entries SET created_at = '2026-13-45T00:00:00.000+00:00' WHERE seq = 2"],
    ["details reaching into the next field", `UPDATE audit_entries SET details = details || ',"id":"x"', id = 'x' WHERE seq = 2`],
  ])("reports %s", async (_what, sql) => {
    appendMany(3);
    tdb.sqlite.exec(sql);
    expect(await verify()).toMatchObject({ ok: false, checked: 1, first_bad_seq: 2 });
  });

  it("joins the caller's transaction and rolls back with it", () => {
    appendMany(2);
    expect(() =>
      tdb.sqlite.transaction(() => {
        appendAudit(tdb.sqlite, { action: "workflow.create", actor: SYSTEM_ACTOR, targetType: "workflow", targetId: "x" });
        throw new Error("the change failed");
      }).immediate(),
    ).toThrow("the change failed");
    expect(readAuditChainPage({ afterSeq: 0, limit: 100 }, tdb.sqlite)).toHaveLength(2);
  });
});

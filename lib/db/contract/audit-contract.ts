/** The contract of the audit store: the hash chain, its reads, and appends racing from two stores. */
import { expect, it } from "vitest";
import { auditHash, GENESIS_HASH } from "../audit-hash";
import type { AuditActor, AuditEntryRecord } from "../ports";
import { verifyAuditChain } from "@/lib/services/audit-chain";
import type { ContractStorage, OpenedStorage } from "./harness";
import { graphOf, seedRun } from "./seed";

const ADA: AuditActor = { type: "user", id: "u1", name: "Ada" };
const BOT: AuditActor = { type: "api_key", id: "k1", name: "CI" };
const AT = new Date(Date.UTC(2026, 2, 4, 5, 6, 7, 89));

const verify = (s: ContractStorage) => verifyAuditChain((afterSeq, limit) => s.audit.chainPage({ afterSeq, limit }), 7);

/** The content a row's hash covers, as the API reads it. */
const content = ({ seq: _seq, prev_hash: _prev, hash: _hash, ...rest }: AuditEntryRecord) => rest;

export function auditContract(h: () => OpenedStorage): void {
  it("appends hash-chained rows and reads them back filtered, as stored and by seq", async () => {
    const { audit } = h().storage;
    const first = await audit.append({ action: "workflow.create", actor: ADA, targetType: "workflow", targetId: "wf1", details: { name: "A", b: [1, { z: 1, a: 2 }] }, at: AT });
    expect(first).toMatchObject({ action: "workflow.create", actor_id: "u1", actor_type: "user", actor_name: "Ada", target_type: "workflow", target_id: "wf1", created_at: AT.toISOString(), prev_hash: GENESIS_HASH });
    expect(first.hash).toBe(auditHash(GENESIS_HASH, content(first)));
    const second = await audit.append({ action: "secret.create", actor: BOT, targetType: "secret", targetId: "KEY" });
    const third = await audit.append({ action: "workflow.update", actor: ADA, targetType: "workflow", targetId: "wf1", details: { fields: ["name"] }, at: AT });
    expect(second.prev_hash).toBe(first.hash);
    expect(third.prev_hash).toBe(second.hash);
    expect(second.details).toEqual({});
    expect(first.seq < second.seq && second.seq < third.seq).toBe(true);

    expect(await audit.list({ limit: 10 })).toEqual([third, second, first]);
    expect(await audit.list({ limit: 2 })).toEqual([third, second]);
    expect(await audit.list({ limit: 10, beforeSeq: third.seq })).toEqual([second, first]);
    expect(await audit.list({ limit: 10, action: "workflow.update" })).toEqual([third]);
    expect(await audit.list({ limit: 10, targetType: "workflow", targetId: "wf1" })).toEqual([third, first]);
    expect(await audit.list({ limit: 10, targetType: "workflow", targetId: "other" })).toEqual([]);
    expect(await audit.list({ limit: 10, actorId: "k1" })).toEqual([second]);

    const page = await audit.chainPage({ afterSeq: 0, limit: 2 });
    expect(page.map((r) => r.seq)).toEqual([first.seq, second.seq]);
    expect(page[0]).toMatchObject({ id: first.id, actor_type: "user", details: '{"b":[1,{"a":2,"z":1}],"name":"A"}', prev_hash: GENESIS_HASH, hash: first.hash });
    expect(await audit.chainPage({ afterSeq: second.seq, limit: 10 })).toHaveLength(1);
    expect(await audit.rowHash(second.seq)).toBe(second.hash);
    expect(await audit.rowHash(third.seq + 100)).toBeUndefined();
    expect(await verify(h().storage)).toEqual({ ok: true, checked: 3 });
  });

  it("names the targets that have a name now", async () => {
    const { storage, sql } = h();
    await storage.workflows.insert({ id: "wf1", name: "Billing", description: "", graph: graphOf([]), at: AT });
    await seedRun(sql, { num: 7, workflowId: "wf1", status: "completed", createdAt: AT.getTime() });
    await storage.users.insert({ id: "u1", name: "Ada", email: "ada@example.com", role: "admin", passwordHash: "x", at: AT }, "acc1");
    await storage.apiKeys.insert({ id: "k1", name: "CI key", role: "editor", prefix: "sy_1", hash: "h1", createdById: "u1", createdByType: "user", at: AT, expiresAt: null });
    await storage.hooks.insert({ id: "h1", workflowId: "wf1", sealed: { ciphertext: Buffer.from("c"), iv: Buffer.from("i"), authTag: Buffer.from("t") }, createdById: "u1", at: AT });
    const names = await storage.audit.targetNames([
      { target_type: "workflow", target_id: "wf1" },
      { target_type: "workflow", target_id: "wf1" },
      { target_type: "run", target_id: "r7" },
      { target_type: "user", target_id: "u1" },
      { target_type: "api_key", target_id: "k1" },
      { target_type: "hook", target_id: "h1" },
      { target_type: "run", target_id: "*" },
      { target_type: "workflow", target_id: "deleted-long-ago" },
      { target_type: "secret", target_id: "KEY" },
    ]);
    expect(Object.fromEntries(names)).toEqual({
      "workflow:wf1": "Billing",
      "run:r7": "Billing · run #7",
      "user:u1": "Ada",
      "api_key:k1": "CI key",
      "hook:h1": "webhook of Billing",
    });
    expect((await storage.audit.targetNames([])).size).toBe(0);
  });

  it("never forks the chain under appends racing from two stores on the same database", async () => {
    const { storage, twin } = h();
    const plain = (s: ContractStorage, i: number) => s.audit.append({ action: "auth.test", actor: ADA, targetType: "test", targetId: `p${i}` });
    // Appends inside transactions that yield between statements, one of them rolled back.
    const inTx = (s: ContractStorage, i: number) =>
      s.transaction(async (tx) => {
        await tx.audit.append({ action: "auth.test", actor: BOT, targetType: "test", targetId: `t${i}a` });
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.audit.append({ action: "auth.test", actor: BOT, targetType: "test", targetId: `t${i}b` });
        if (i % 5 === 0) throw new Error("rolled back");
      });
    const jobs = Array.from({ length: 24 }, (_, i) => {
      const s = i % 2 === 0 ? storage : twin;
      return i % 3 === 0 ? inTx(s, i).catch((err: Error) => err.message) : plain(s, i);
    });
    const results = await Promise.all(jobs);
    const rolledBack = results.filter((r) => r === "rolled back").length;
    expect(rolledBack).toBe(2); // i = 0 and 15
    const committed = 24 - 8 + (8 - rolledBack) * 2;

    const rows = await storage.audit.chainPage({ afterSeq: 0, limit: 1000 });
    expect(rows).toHaveLength(committed);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(committed);
    expect(rows.some((r) => r.target_id === "t0a" || r.target_id === "t15b")).toBe(false);
    expect(await verify(storage)).toEqual({ ok: true, checked: committed });
    expect(await verify(twin)).toEqual({ ok: true, checked: committed });
  });
}

/**
 * The contract of `transaction`: all of its writes or none, nested calls as savepoints, calls
 * outside it not part of it, and read-then-write logic serialized with every other writer —
 * here a second Storage on the same database, as another process would be.
 */
import { expect, it } from "vitest";
import type { Sealed } from "@/lib/secrets/cipher";
import { verifyAuditChain } from "@/lib/services/audit-chain";
import type { ContractStorage, OpenedStorage } from "./harness";
import { graphOf } from "./seed";

const AT = new Date(Date.UTC(2026, 7, 9, 10, 11, 12, 13));
const SEALED: Sealed = { ciphertext: Buffer.from("c"), iv: Buffer.from("i"), authTag: Buffer.from("t") };
const ACTOR = { type: "user", id: "u1", name: "Ada" } as const;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class StaleSave extends Error {}

/** A save as the workflow service makes one: read the head, refuse a stale base, then write the next version. */
function save(s: ContractStorage, baseVersion: number, by: string) {
  return s.transaction(async (tx) => {
    const current = await tx.workflows.find("wf");
    if (!current || current.version !== baseVersion) throw new StaleSave(`at version ${current?.version}, based on ${baseVersion}`);
    // Long enough for the other save to read, were it not kept out.
    await pause(30);
    const version = current.version + 1;
    await tx.versions.insert({ workflowId: "wf", version, graph: current.graph, createdBy: by, at: AT });
    await tx.workflows.update({ ...current, name: `saved by ${by}`, version, at: AT });
    await tx.audit.append({ action: "workflow.update", actor: ACTOR, targetType: "workflow", targetId: "wf", details: { by }, at: AT });
    return version;
  });
}

export function transactionContract(h: () => OpenedStorage): void {
  it("commits all of its writes, and rolls all of them back when it throws", async () => {
    const { storage, twin } = h();
    const answer = await storage.transaction(async (tx) => {
      await tx.workflows.insert({ id: "wf", name: "Kept", description: "", graph: graphOf([]), at: AT });
      expect((await tx.workflows.find("wf"))?.name).toBe("Kept");
      await tx.audit.append({ action: "workflow.create", actor: ACTOR, targetType: "workflow", targetId: "wf", at: AT });
      return 42;
    });
    expect(answer).toBe(42);
    expect((await twin.workflows.find("wf"))?.name).toBe("Kept");

    const boom = new Error("boom");
    await expect(
      storage.transaction(async (tx) => {
        await tx.workflows.insert({ id: "wf2", name: "Lost", description: "", graph: graphOf([]), at: AT });
        await tx.versions.insert({ workflowId: "wf2", version: 1, graph: graphOf([]), createdBy: "u1", at: AT });
        await tx.secrets.insert("LOST", SEALED, AT);
        await tx.audit.append({ action: "workflow.create", actor: ACTOR, targetType: "workflow", targetId: "wf2", at: AT });
        throw boom;
      }),
    ).rejects.toBe(boom);
    for (const s of [storage, twin]) {
      expect(await s.workflows.find("wf2")).toBeNull();
      expect(await s.versions.find({ workflowId: "wf2", version: 1 })).toBeNull();
      expect(await s.secrets.names()).toEqual([]);
      expect((await s.audit.list({ limit: 10 })).map((r) => r.target_id)).toEqual(["wf"]);
    }
    await storage.audit.append({ action: "workflow.delete", actor: ACTOR, targetType: "workflow", targetId: "wf", at: AT });
    expect(await verifyAuditChain((afterSeq, limit) => storage.audit.chainPage({ afterSeq, limit }))).toEqual({ ok: true, checked: 2 });
  });

  it("runs nested calls as savepoints: an inner failure undoes only the inner writes", async () => {
    const { storage } = h();
    const names = () => storage.secrets.names();
    await storage.transaction(async (tx) => {
      await tx.secrets.insert("OUTER", SEALED, AT);
      await expect(
        storage.transaction(async (inner) => {
          await inner.secrets.insert("INNER_LOST", SEALED, AT);
          throw new Error("inner");
        }),
      ).rejects.toThrow("inner");
      // A statement that fails inside a savepoint leaves the outer transaction usable.
      await expect(storage.transaction((inner) => inner.secrets.insert("OUTER", SEALED, AT))).rejects.toThrow();
      await storage.transaction(async (inner) => {
        await inner.secrets.insert("INNER_KEPT", SEALED, AT);
        await storage.transaction((deepest) => deepest.secrets.insert("DEEPEST", SEALED, AT));
      });
      expect(await tx.secrets.names()).toEqual(["DEEPEST", "INNER_KEPT", "OUTER"]);
    });
    expect(await names()).toEqual(["DEEPEST", "INNER_KEPT", "OUTER"]);

    // An outer failure undoes the savepoints it released.
    await expect(
      storage.transaction(async () => {
        await storage.transaction((inner) => inner.secrets.insert("RELEASED", SEALED, AT));
        throw new Error("outer");
      }),
    ).rejects.toThrow("outer");
    expect(await names()).toEqual(["DEEPEST", "INNER_KEPT", "OUTER"]);
  });

  it("leaves calls made outside it out of it", async () => {
    const { storage } = h();
    let start!: () => void;
    // Registered outside the transaction: it runs in this context, not the transaction's.
    const outside = new Promise<void>((resolve) => (start = resolve)).then(() => storage.secrets.insert("OUTSIDE", SEALED, AT));
    await expect(
      storage.transaction(async (tx) => {
        await tx.secrets.insert("INSIDE", SEALED, AT);
        start();
        await pause(20);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await outside;
    expect(await storage.secrets.names()).toEqual(["OUTSIDE"]);
  });

  it("refuses a stale read-then-write racing from another store: one save wins, the other sees its version", async () => {
    const { storage, twin } = h();
    await storage.workflows.insert({ id: "wf", name: "Flow", description: "", graph: graphOf([{ id: "a" }]), at: AT });
    const [first, second] = await Promise.allSettled([save(storage, 1, "A"), save(twin, 1, "B")]);
    const outcomes = [first, second].map((r) => (r.status === "fulfilled" ? r.value : r.reason instanceof StaleSave ? "stale" : String(r.reason)));
    expect(outcomes.sort()).toEqual([2, "stale"]);
    expect((await storage.workflows.find("wf"))?.version).toBe(2);
    expect((await storage.versions.list({ workflowId: "wf", limit: 10 })).map((v) => v.version)).toEqual([2]);
    expect(await storage.audit.list({ limit: 10, action: "workflow.update" })).toHaveLength(1);
    // The loser, based on the new version, saves.
    expect(await save(twin, 2, "B")).toBe(3);
  });

  it("serializes count-then-insert across stores: the first user is set up once", async () => {
    const { storage, twin } = h();
    const setUp = (s: ContractStorage, id: string) =>
      s.transaction(async (tx) => {
        if ((await tx.users.count()) > 0) return "already set up";
        await pause(30);
        await tx.users.insert({ id, name: id, email: `${id}@example.com`, role: "admin", passwordHash: "x", at: AT }, `acc-${id}`);
        return "set up";
      });
    expect((await Promise.all([setUp(storage, "first"), setUp(twin, "second")])).sort()).toEqual(["already set up", "set up"]);
    expect(await storage.users.count()).toBe(1);
  });
}

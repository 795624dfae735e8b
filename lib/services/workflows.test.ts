import type { Actor } from "@/lib/auth/actor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import type { Graph } from "@/engine/graph/schema";

let tdb: TestDatabase;
let svc: typeof import("./workflows");
let versions: typeof import("./versions");
let audit: typeof import("./audit");
const actor: Actor = { type: "user", id: "u1", name: "Ada", role: "editor" };

const graph = (msg: string): Graph => ({
  nodes: [{ id: "a", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock", user_message: msg } }],
  edges: [],
});

beforeAll(async () => {
  tdb = createTestDatabase();
  process.env.DATABASE_URL = `file:${tdb.file}`;
  const { db } = await import("@/lib/db/client");
  expect(db().file).toBe(tdb.file);
  svc = await import("./workflows");
  versions = await import("./versions");
  audit = await import("./audit");
});
afterAll(() => tdb?.close());

const versionCount = (id: string) => (tdb.sqlite.prepare("SELECT count(*) AS n FROM workflow_versions WHERE workflow_id = ?").get(id) as { n: number }).n;
const auditCount = () => (tdb.sqlite.prepare("SELECT count(*) AS n FROM audit_entries").get() as { n: number }).n;

describe("workflow service", () => {
  it("creates version 1 with its snapshot and audit row", async () => {
    const before = auditCount();
    const wf = await svc.createWorkflow({ name: "A", graph: graph("one"), actor });
    expect(wf.version).toBe(1);
    expect(versionCount(wf.id)).toBe(1);
    expect(auditCount()).toBe(before + 1);
  });

  it("versions only graph changes, and a no-op writes nothing", async () => {
    const wf = await svc.createWorkflow({ name: "B", graph: graph("one"), actor });
    expect((await svc.updateWorkflow({ id: wf.id, baseVersion: 1, name: "B2", actor })).version).toBe(1);
    const audits = auditCount();
    expect((await svc.updateWorkflow({ id: wf.id, baseVersion: 1, name: "B2", graph: graph("one"), actor })).version).toBe(1);
    expect(auditCount()).toBe(audits);
    expect((await svc.updateWorkflow({ id: wf.id, baseVersion: 1, graph: graph("two"), actor })).version).toBe(2);
    expect(versionCount(wf.id)).toBe(2);
    expect(await versions.getVersionGraph({ workflowId: wf.id, version: 1 })).toEqual(graph("one"));
  });

  it("refuses a stale base version with the current version and rolls nothing", async () => {
    const wf = await svc.createWorkflow({ name: "C", graph: graph("one"), actor });
    await svc.updateWorkflow({ id: wf.id, baseVersion: 1, graph: graph("two"), actor });
    await expect(svc.updateWorkflow({ id: wf.id, baseVersion: 1, graph: graph("three"), actor })).rejects.toThrow(
      expect.objectContaining({ code: "version_conflict", details: { current_version: 2 } }),
    );
    expect((await svc.requireWorkflow({ id: wf.id })).graph).toEqual(graph("two"));
  });

  it("restores as a new version and deletes softly", async () => {
    const wf = await svc.createWorkflow({ name: "D", graph: graph("one"), actor });
    await svc.updateWorkflow({ id: wf.id, baseVersion: 1, graph: graph("two"), actor });
    const restored = await versions.restoreVersion({ workflowId: wf.id, version: 1, actor });
    expect(restored).toMatchObject({ version: 3, graph: graph("one") });
    await svc.deleteWorkflow({ id: wf.id, actor });
    await expect(svc.requireWorkflow({ id: wf.id })).rejects.toThrow(expect.objectContaining({ code: "not_found" }));
    await expect(versions.listVersions({ workflowId: wf.id, page: { limit: 10 } })).rejects.toThrow(expect.objectContaining({ code: "not_found" }));
    expect(await audit.verifyAudit()).toMatchObject({ ok: true });
  });

  it("lists the audit rows of one actor (`actor_id`), newest first", async () => {
    const other: Actor = { type: "api_key", id: "k1", name: "CI key", role: "editor" };
    const mine = await svc.createWorkflow({ name: "Mine", graph: graph("one"), actor });
    const theirs = await svc.createWorkflow({ name: "Theirs", graph: graph("one"), actor: other });
    const byKey = await audit.listAudit({ query: { actor_id: "k1" }, page: { limit: 50 } });
    expect(byKey.items.map((r) => [r.target_id, r.actor_type, r.actor_name])).toEqual([[theirs.id, "api_key", "CI key"]]);
    const byAda = await audit.listAudit({ query: { actor_id: "u1", action: "workflow.create" }, page: { limit: 50 } });
    expect(byAda.items[0]).toMatchObject({ target_id: mine.id, actor_id: "u1", actor_name: "Ada" });
    expect(byAda.items.every((r) => r.actor_id === "u1")).toBe(true);
  });
});

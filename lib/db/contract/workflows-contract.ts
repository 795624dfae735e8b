/** The contract of the workflow and version stores. */
import { expect, it } from "vitest";
import type { WorkflowListPosition } from "../ports";
import type { OpenedStorage } from "./harness";
import { graphOf, seedRun } from "./seed";

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

export function workflowContract(h: () => OpenedStorage): void {
  it("inserts, finds, updates and soft-deletes a workflow", async () => {
    const { workflows } = h().storage;
    const graph = graphOf([{ id: "a" }, { id: "b" }], [["a", "b"]]);
    await workflows.insert({ id: "wf1", name: "Alpha", description: "first", graph, at: at(0) });
    expect(await workflows.find("wf1")).toEqual({ id: "wf1", name: "Alpha", description: "first", graph, version: 1, created_at: iso(0), updated_at: iso(0) });
    expect(await workflows.head("wf1")).toEqual({ id: "wf1", name: "Alpha", version: 1 });
    expect(await workflows.find("nope")).toBeNull();
    expect(await workflows.head("nope")).toBeNull();

    const next = graphOf([{ id: "a" }]);
    await workflows.update({ id: "wf1", name: "Alpha 2", description: "", graph: next, version: 2, at: at(5) });
    expect(await workflows.find("wf1")).toEqual({ id: "wf1", name: "Alpha 2", description: "", graph: next, version: 2, created_at: iso(0), updated_at: iso(5) });
    expect(await workflows.head("wf1")).toEqual({ id: "wf1", name: "Alpha 2", version: 2 });

    await workflows.markDeleted({ id: "wf1", at: at(6) });
    expect(await workflows.find("wf1")).toBeNull();
    expect(await workflows.head("wf1")).toBeNull();
    // A deleted workflow's row is left alone by later writes.
    await workflows.update({ id: "wf1", name: "Zombie", description: "", graph: next, version: 3, at: at(7) });
    await workflows.markDeleted({ id: "wf1", at: at(8) });
    expect(await workflows.find("wf1")).toBeNull();
    expect(await workflows.list({ limit: 10 })).toEqual([]);
  });

  it("lists live workflows newest updated first, by keyset pages, with node counts and latest runs", async () => {
    const { storage, sql } = h();
    const ids = ["b-2", "B_1", "a", "Z", "c"];
    // Two pairs share an updated_at: ids order them (byte-wise, descending).
    const minutes = [3, 3, 1, 1, 0];
    for (const [i, id] of ids.entries()) {
      await storage.workflows.insert({ id, name: `Flow ${id}`, description: "", graph: graphOf(Array.from({ length: i }, (_, n) => ({ id: `n${n}` }))), at: at(minutes[i]) });
    }
    await storage.workflows.insert({ id: "gone", name: "Flow gone", description: "", graph: graphOf([]), at: at(9) });
    await storage.workflows.markDeleted({ id: "gone", at: at(9) });
    await seedRun(sql, { num: 1, workflowId: "a", status: "completed", createdAt: T0 });
    await seedRun(sql, { num: 2, workflowId: "a", status: "failed", createdAt: T0 + 60_000 });
    await seedRun(sql, { num: 3, workflowId: "c", status: "running", createdAt: T0 - 60_000 });

    const all = await storage.workflows.list({ limit: 10 });
    expect(all.map((r) => r.summary.id)).toEqual(["b-2", "B_1", "a", "Z", "c"]);
    expect(all[2].summary).toEqual({
      id: "a", name: "Flow a", description: "", version: 1, created_at: iso(1), updated_at: iso(1), node_count: 2,
      last_run: { id: "r2", status: "failed", created_at: new Date(T0 + 60_000).toISOString() },
    });
    expect(all[0].summary.last_run).toBeNull();
    expect(all.map((r) => r.summary.node_count)).toEqual([0, 1, 2, 3, 4]);

    // Pages of two: each position, as a string, continues where the page ended.
    const seen: string[] = [];
    let after: WorkflowListPosition | undefined;
    for (;;) {
      const page = await storage.workflows.list({ limit: 2, after });
      if (page.length === 0) break;
      seen.push(...page.map((r) => r.summary.id));
      const last = page[page.length - 1].position;
      expect(typeof last.updated_at).toBe("string");
      after = JSON.parse(JSON.stringify(last)) as WorkflowListPosition;
    }
    expect(seen).toEqual(all.map((r) => r.summary.id));
  });

  it("reads a graph holding U+0000 in its strings (escaped in its JSON): its node and edge counts, its versions", async () => {
    const { workflows, versions } = h().storage;
    const base = graphOf([{ id: "a" }, { id: "b" }, { id: "c" }], [["a", "b"]]);
    // A NUL, and the text `\u0000` itself next to one (after an escaped backslash, in the JSON).
    const graph = { ...base, nodes: base.nodes.map((n, i) => (i === 0 ? { ...n, config: { ...n.config, user_message: "Hi \u0000 there \\u0000 \\\u0000" } } : n)) } as typeof base;
    expect(JSON.stringify(graph)).toContain("\\\\u0000");
    await workflows.insert({ id: "nul", name: "Nul", description: "", graph, at: at(0) });
    expect(await workflows.find("nul")).toMatchObject({ graph });
    expect((await workflows.list({ limit: 10 })).map((r) => [r.summary.id, r.summary.node_count])).toEqual([["nul", 3]]);
    await versions.insert({ workflowId: "nul", version: 1, graph, createdBy: "u1", at: at(0) });
    expect(await versions.graph("nul", 1)).toEqual(graph);
    expect((await versions.list({ workflowId: "nul", limit: 10 })).map((v) => [v.node_count, v.edge_count])).toEqual([[3, 1]]);
  });

  it("searches names and descriptions ignoring case, beyond ASCII too", async () => {
    const { workflows } = h().storage;
    await workflows.insert({ id: "w1", name: "Über Reports", description: "", graph: graphOf([]), at: at(1) });
    await workflows.insert({ id: "w2", name: "Weekly", description: "ДАЙДЖЕСТ of the week", graph: graphOf([]), at: at(2) });
    await workflows.insert({ id: "w3", name: "Other", description: "nothing here", graph: graphOf([]), at: at(3) });
    const found = async (q: string) => (await workflows.list({ limit: 10, q })).map((r) => r.summary.id);
    expect(await found("über")).toEqual(["w1"]);
    expect(await found("ÜBER")).toEqual(["w1"]);
    expect(await found("дайджест")).toEqual(["w2"]);
    expect(await found("E")).toEqual(["w3", "w2", "w1"]);
    expect(await found("%")).toEqual([]);
    expect(await found("missing")).toEqual([]);
  });

  it("writes versions once and reads them back, their lists and their graphs", async () => {
    const { workflows, versions } = h().storage;
    const g1 = graphOf([{ id: "a" }]);
    const g2 = graphOf([{ id: "a" }, { id: "b" }], [["a", "b"]]);
    await workflows.insert({ id: "wf", name: "Flow", description: "", graph: g1, at: at(0) });
    // Version 1 has no snapshot yet: its graph is the live row's while the workflow is at it.
    expect(await versions.find({ workflowId: "wf", version: 1 })).toBeNull();
    expect(await versions.graph("wf", 1)).toEqual(g1);
    await versions.insert({ workflowId: "wf", version: 1, graph: g1, createdBy: "u1", at: at(0) });
    await versions.insert({ workflowId: "wf", version: 2, graph: g2, createdBy: "u1", createdByName: "Ada", note: "two nodes", at: at(1) });
    await versions.insert({ workflowId: "wf", version: 3, graph: g2, createdBy: "u2", createdByName: "Bo", layoutOnly: true, at: at(2) });
    await expect(versions.insert({ workflowId: "wf", version: 3, graph: g1, createdBy: "u2", at: at(3) })).rejects.toThrow();

    expect(await versions.find({ workflowId: "wf", version: 2 })).toEqual({
      workflow_id: "wf", version: 2, graph: g2, created_at: iso(1), created_by: "u1", created_by_name: "Ada", note: "two nodes", layout_only: false,
    });
    expect(await versions.find({ workflowId: "wf", version: 9 })).toBeNull();
    expect(await versions.graph("wf", 2)).toEqual(g2);
    expect(await versions.graph("wf", 9)).toBeNull();
    expect(await versions.graph("nope", 1)).toBeNull();

    const meta = (v: number, by: string, name: string | null, note: string | null, layout: boolean, minute: number) => ({
      workflow_id: "wf", version: v, created_at: iso(minute), created_by: by, created_by_name: name, note, layout_only: layout,
    });
    const v3 = meta(3, "u2", "Bo", null, true, 2);
    const v2 = meta(2, "u1", "Ada", "two nodes", false, 1);
    const v1 = meta(1, "u1", null, null, false, 0);
    expect(await versions.list({ workflowId: "wf", limit: 10 })).toEqual([
      { ...v3, node_count: 2, edge_count: 1 },
      { ...v2, node_count: 2, edge_count: 1 },
      { ...v1, node_count: 1, edge_count: 0 },
    ]);
    expect((await versions.list({ workflowId: "wf", beforeVersion: 3, limit: 1 })).map((v) => v.version)).toEqual([2]);
    expect(await versions.list({ workflowId: "wf", beforeVersion: 1, limit: 10 })).toEqual([]);
    expect(await versions.listAfter({ workflowId: "wf", afterVersion: 1, limit: 10 })).toEqual([v2, v3]);
    expect(await versions.listAfter({ workflowId: "wf", afterVersion: 0, limit: 1 })).toEqual([v1]);
    expect(await versions.listAfter({ workflowId: "other", afterVersion: 0, limit: 10 })).toEqual([]);
  });
}

/** The contract of the run queries: one run, lists by keyset, and the approvals inbox. */
import { expect, it } from "vitest";
import type { RunListPosition, RunWithWorkflow } from "../ports";
import type { ContractStorage, OpenedStorage } from "./harness";
import { graphOf, seedRun, seedStep } from "./seed";

const T0 = Date.UTC(2026, 6, 8, 9, 10, 11, 12);
const GATE = { node_id: "g", message: "ok?", fields: [], approvers: null, expires_at: null };

/** Every page of `list`, following each page's last position as a client would (through JSON). */
async function pages(list: (after?: RunListPosition) => Promise<RunWithWorkflow[]>): Promise<string[]> {
  const ids: string[] = [];
  let after: RunListPosition | undefined;
  for (;;) {
    const page = await list(after);
    if (page.length === 0) return ids;
    ids.push(...page.map((r) => r.run.id));
    const last = page[page.length - 1];
    after = JSON.parse(JSON.stringify({ created_at: last.created_key, id: last.run.id })) as RunListPosition;
  }
}

async function seedWorkflows(storage: ContractStorage): Promise<void> {
  await storage.workflows.insert({ id: "wa", name: "Alpha", description: "", graph: graphOf([]), at: new Date(T0) });
  await storage.workflows.insert({ id: "wb", name: "Beta", description: "", graph: graphOf([]), at: new Date(T0) });
}

export function runsContract(h: () => OpenedStorage): void {
  it("finds one run with its workflow's name, as the engine records it", async () => {
    const { storage, sql } = h();
    await seedWorkflows(storage);
    await seedRun(sql, {
      num: 1, workflowId: "wa", status: "completed", createdAt: T0, startedAt: T0 + 5, finishedAt: T0 + 1500, cost: 3_000_000_000, tokensIn: 12, tokensOut: 34, nodeExecutions: 2,
      createdBy: { id: "k1", type: "api_key", name: "CI", owner: "u1" },
    });
    await storage.workflows.markDeleted({ id: "wa", at: new Date(T0 + 1) });
    const found = await storage.runs.findWithWorkflow("r1");
    expect(found?.workflow_name).toBe("Alpha");
    expect(typeof found?.created_key).toBe("string");
    expect(found?.run).toEqual({
      id: "r1", workflow_id: "wa", workflow_version: 1, status: "completed", input: { q: 1 }, options: {}, output: null,
      cost_micros: 3_000_000_000, tokens_in: 12, tokens_out: 34, node_executions: 2, duration_ms: null, error_message: null, pending_gate: null,
      created_at: T0, started_at: T0 + 5, finished_at: T0 + 1500, triggered_by: { type: "api_key", id: "k1", name: "CI", owner_id: "u1" },
    });
    expect(await storage.runs.findWithWorkflow("nope")).toBeNull();
  });

  it("lists runs newest first, filtered, page by page", async () => {
    const { storage, sql } = h();
    await seedWorkflows(storage);
    const ada = { id: "u1", type: "user", name: "Ada" };
    const bo = { id: "u2", type: "user", name: "Bo" };
    // r3, r4 and r5 share a created_at: ids order them byte-wise.
    const seeds = [
      { num: 1, id: "r1", workflowId: "wa", status: "completed", createdAt: T0, createdBy: ada },
      { num: 2, id: "r2", workflowId: "wb", status: "failed", createdAt: T0 + 1000, createdBy: bo },
      { num: 3, id: "x-3", workflowId: "wa", status: "running", createdAt: T0 + 2000, createdBy: ada },
      { num: 4, id: "X_4", workflowId: "wa", status: "completed", createdAt: T0 + 2000, createdBy: bo },
      { num: 5, id: "a5", workflowId: "wb", status: "completed", createdAt: T0 + 2000, createdBy: ada },
      { num: 6, id: "r6", workflowId: "wa", status: "paused", createdAt: T0 + 3000, createdBy: ada },
    ];
    for (const s of seeds) await seedRun(sql, s);
    const list = (filter: Omit<Parameters<ContractStorage["runs"]["list"]>[0], "limit"> = {}, limit = 10) => storage.runs.list({ ...filter, limit });

    const all = await list();
    expect(all.map((r) => r.run.id)).toEqual(["r6", "x-3", "a5", "X_4", "r2", "r1"]);
    expect(all.map((r) => r.workflow_name)).toEqual(["Alpha", "Alpha", "Beta", "Alpha", "Beta", "Alpha"]);
    expect(await pages((after) => storage.runs.list({ limit: 2, after }))).toEqual(all.map((r) => r.run.id));
    expect((await list({ workflowId: "wa" })).map((r) => r.run.id)).toEqual(["r6", "x-3", "X_4", "r1"]);
    expect((await list({ status: "completed" })).map((r) => r.run.id)).toEqual(["a5", "X_4", "r1"]);
    expect((await list({ triggeredBy: "u2" })).map((r) => r.run.id)).toEqual(["X_4", "r2"]);
    expect((await list({ workflowId: "wa", status: "completed", triggeredBy: "u1" })).map((r) => r.run.id)).toEqual(["r1"]);
    expect(await pages((after) => storage.runs.list({ workflowId: "wa", limit: 1, after }))).toEqual(["r6", "x-3", "X_4", "r1"]);
    expect(await list({ workflowId: "nope" })).toEqual([]);
  });

  it("lists runs waiting at a gate, oldest first, with since when their gate has waited", async () => {
    const { storage, sql } = h();
    await seedWorkflows(storage);
    await seedRun(sql, { num: 1, workflowId: "wa", status: "paused", createdAt: T0 + 2000, pendingGate: GATE });
    await seedRun(sql, { num: 2, workflowId: "wb", status: "paused", createdAt: T0, pendingGate: GATE });
    await seedRun(sql, { num: 3, workflowId: "wa", status: "paused", createdAt: T0 + 1000 }); // paused, not at a gate
    await seedRun(sql, { num: 4, workflowId: "wa", status: "running", createdAt: T0, pendingGate: GATE });
    await seedRun(sql, { num: 5, workflowId: "wa", status: "paused", createdAt: T0 + 2000, pendingGate: GATE });
    await seedStep(sql, { num: 1 }, { seq: 1, nodeId: "a", model: "mock", startedAt: T0 + 2100 });
    await seedStep(sql, { num: 1 }, { seq: 2, nodeId: "g", model: null, status: "waiting", startedAt: T0 + 2500 });
    await seedStep(sql, { num: 2 }, { seq: 1, nodeId: "g", model: null, status: "waiting", startedAt: T0 + 700 });

    const inbox = await storage.runs.approvals({ limit: 10 });
    expect(inbox.map((r) => [r.run.id, r.workflow_name, r.waiting_since])).toEqual([
      ["r2", "Beta", T0 + 700],
      ["r1", "Alpha", T0 + 2500],
      ["r5", "Alpha", null],
    ]);
    expect(inbox[0].run.pending_gate).toEqual(GATE);
    expect(await pages((after) => storage.runs.approvals({ limit: 1, after }))).toEqual(["r2", "r1", "r5"]);
  });
}

/** The contract of the spend store: reports equal to the runs' own figures, and the runs behind each. */
import { expect, it } from "vitest";
import type { OpenedStorage } from "./harness";
import { graphOf, HOUR_MS } from "./seed";
import { expectedReport, seedSpendRuns, type SpendRun } from "./spend-oracle";

const NOW = Date.UTC(2026, 11, 2, 9, 30);
const NAMES = { wa: "Alpha", wb: "Beta" };
const agent = (node: string, model: string, cost: number, tin = 10, tout = 5) => ({ node, model, cost, tin, tout });
const tool = (node: string) => ({ node, model: null, cost: 0, tin: 0, tout: 0 });

/** Runs over three days, settled and not, with agent and tool steps (one spend past 2^31 micro-USD). */
export const SPEND_RUNS: SpendRun[] = [
  { num: 1, workflowId: "wa", status: "completed", createdAt: NOW - 50 * HOUR_MS, steps: [agent("draft", "gpt", 1_500), tool("t"), agent("review", "claude", 2_500, 30, 4)] },
  { num: 2, workflowId: "wa", status: "failed", createdAt: NOW - 49 * HOUR_MS + 60_000, steps: [agent("draft", "gpt", 700)] },
  { num: 3, workflowId: "wb", status: "completed", createdAt: NOW - 26 * HOUR_MS, steps: [agent("send", "gpt", 3_000_000_000, 1, 1)] },
  { num: 4, workflowId: "wb", status: "running", createdAt: NOW - 2 * HOUR_MS, steps: [agent("send", "claude", 400)] },
  { num: 5, workflowId: "wa", status: "paused", createdAt: NOW - HOUR_MS, steps: [agent("draft", "claude", 90), tool("gate")] },
  { num: 6, workflowId: "wa", status: "completed", createdAt: NOW - 10 * 60_000, steps: [] },
];

export function spendContract(h: () => OpenedStorage): void {
  it("reports spend per workflow, model, node and day, for any period", async () => {
    const { storage, sql } = h();
    const labelled = graphOf([{ id: "draft", label: "  Draft the reply " }, { id: "review" }]);
    // A NUL in a prompt (escaped in the graph's JSON) leaves the labels readable.
    const graph = { ...labelled, nodes: labelled.nodes.map((n) => (n.id === "review" ? { ...n, config: { ...n.config, user_message: "Check \u0000 this" } } : n)) } as typeof labelled;
    await storage.workflows.insert({ id: "wa", name: NAMES.wa, description: "", graph, at: new Date(NOW) });
    await storage.workflows.insert({ id: "wb", name: NAMES.wb, description: "", graph: graphOf([]), at: new Date(NOW) });
    await seedSpendRuns(sql, SPEND_RUNS);
    const labels = { "wa:draft": "Draft the reply" };
    // All time, a day start (7- and 30-day periods), hours (24-hour periods), the future.
    for (const since of [null, Date.UTC(2026, 10, 30), Date.UTC(2026, 11, 1, 7), Date.UTC(2026, 11, 2, 8), Date.UTC(2026, 11, 2, 11)]) {
      expect(await storage.spend.report({ since }), `since ${since}`).toEqual(expectedReport(SPEND_RUNS, since, NAMES, labels));
    }
  });

  it("lists the runs behind a figure newest first, with what each spent on it", async () => {
    const { storage, sql } = h();
    await storage.workflows.insert({ id: "wa", name: NAMES.wa, description: "", graph: graphOf([]), at: new Date(NOW) });
    await storage.workflows.insert({ id: "wb", name: NAMES.wb, description: "", graph: graphOf([]), at: new Date(NOW) });
    await seedSpendRuns(sql, SPEND_RUNS);
    const rows = await storage.spend.runs({ since: null, model: "claude" });
    expect(rows.map((r) => ({ ...r, created_at: new Date(r.created_at).getTime() }))).toEqual([
      { run_id: "r5", workflow_id: "wa", workflow_name: "Alpha", status: "paused", created_at: NOW - HOUR_MS, cost_micros: 90, tokens_in: 10, tokens_out: 5, steps: 1 },
      { run_id: "r4", workflow_id: "wb", workflow_name: "Beta", status: "running", created_at: NOW - 2 * HOUR_MS, cost_micros: 400, tokens_in: 10, tokens_out: 5, steps: 1 },
      { run_id: "r1", workflow_id: "wa", workflow_name: "Alpha", status: "completed", created_at: NOW - 50 * HOUR_MS, cost_micros: 2_500, tokens_in: 30, tokens_out: 4, steps: 1 },
    ]);
    const ids = async (filter: Parameters<typeof storage.spend.runs>[0], limit?: number) => (await storage.spend.runs(filter, limit)).map((r) => r.run_id);
    expect(await ids({ since: null })).toEqual(["r6", "r5", "r4", "r3", "r2", "r1"]);
    expect(await ids({ since: null }, 2)).toEqual(["r6", "r5"]);
    expect(await ids({ since: NOW - 26 * HOUR_MS, workflowId: "wb" })).toEqual(["r4", "r3"]);
    expect(await ids({ since: null, workflowId: "wa", nodeId: "draft", model: "gpt" })).toEqual(["r2", "r1"]);
    const r6 = (await storage.spend.runs({ since: NOW - HOUR_MS / 2 }))[0];
    expect(r6).toMatchObject({ run_id: "r6", cost_micros: 0, tokens_in: 0, tokens_out: 0, steps: 0 });
    expect(await storage.spend.runs({ since: null, model: "none" })).toEqual([]);
  });
}

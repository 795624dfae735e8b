import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDb } from "./support/db";
import { client } from "./support/http";
import { agentChain, gateGraph } from "./support/run-graphs";
import { startServer, type TestServer } from "./support/server";

type Run = { id: string; status: string; workflow_id: string; cost_usd: number; tokens_in: number; tokens_out: number; steps: { node_id: string; model: string | null; cost_usd: number }[] };
type Group = { key: string; label: string; workflow_id?: string; cost_usd: number; tokens_in: number; tokens_out: number; steps: number; runs: number };
type Report = {
  period: string;
  since: string | null;
  total: { cost_usd: number; tokens_in: number; tokens_out: number; runs: number };
  by_workflow: Group[];
  by_model: Group[];
  by_node: Group[];
  by_day: { day: string; cost_usd: number }[];
};
type ErrorBody = { error: { code: string; details?: { issues?: { path: string }[] } } };

let server: TestServer;
let api: ReturnType<typeof client>;
const micros = (usd: number) => Math.round(usd * 1e6);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

beforeAll(async () => {
  server = await startServer();
  api = client(server.baseUrl);
});
afterAll(async () => server?.stop());

/** Settled runs whose spend the engine's folder has moved into the rollup. */
const foldedRuns = () => withDb(server, (db) => db.value<number>("SELECT COUNT(*) FROM runs WHERE spend_folded = 1"));

describe("spend dashboard", () => {
  it("sums the runs' costs per workflow, model, node and day, the same before and after the rollup folds them", async () => {
    const create = async (name: string, graph: unknown) => (await api.post<{ id: string }>("/api/workflows", { name, graph })).body.id;
    const chain = await create("Chain", agentChain(3));
    const gated = await create("Gated", gateGraph());
    const runs: Run[] = [];
    for (let i = 0; i < 3; i++) runs.push((await api.post<Run>(`/api/workflows/${chain}/runs?wait=10000`, { input: { input: `ticket ${i}` } })).body);
    runs.push((await api.post<Run>(`/api/workflows/${gated}/runs?wait=10000`, { input: { ticket: "T-1" } })).body);
    expect(runs.map((r) => r.status)).toEqual(["completed", "completed", "completed", "paused"]);

    const report = (await api.get<Report>("/api/spend?period=24h")).body;
    expect(new Date(report.since!).getTime() % 3_600_000).toBe(0);
    expect(Date.now() - new Date(report.since!).getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
    const totalMicros = sum(runs.map((r) => micros(r.cost_usd)));
    expect(totalMicros).toBeGreaterThan(0);
    expect(micros(report.total.cost_usd)).toBe(totalMicros);
    expect(report.total).toMatchObject({ runs: 4, tokens_in: sum(runs.map((r) => r.tokens_in)), tokens_out: sum(runs.map((r) => r.tokens_out)) });
    const chainRuns = runs.filter((r) => r.workflow_id === chain);
    expect(report.by_workflow.find((g) => g.key === chain)).toMatchObject({ label: "Chain", runs: 3, steps: 9 });
    expect(micros(report.by_workflow.find((g) => g.key === chain)!.cost_usd)).toBe(sum(chainRuns.map((r) => micros(r.cost_usd))));
    expect(report.by_workflow.find((g) => g.key === gated)).toMatchObject({ label: "Gated", runs: 1 });
    expect(report.by_model).toEqual([expect.objectContaining({ key: "mock", runs: 4, steps: 10 })]);
    expect(micros(report.by_model[0].cost_usd)).toBe(totalMicros);
    const a2 = report.by_node.find((g) => g.key === `${chain}:a2`)!;
    expect(a2).toMatchObject({ label: "Chain · a2", workflow_id: chain, runs: 3, steps: 3 });
    expect(micros(a2.cost_usd)).toBe(sum(chainRuns.map((r) => micros(r.steps.find((s) => s.node_id === "a2")!.cost_usd))));
    expect(micros(sum(report.by_day.map((d) => d.cost_usd)))).toBe(totalMicros);

    // The engine's thread folds the three completed runs within a tick or two; the paused one stays live.
    await expect.poll(foldedRuns, { timeout: 5000 }).toBe(3);
    expect((await api.get<Report>("/api/spend?period=24h")).body).toEqual(report);

    // Approved, the gated run completes (its last node is a tool: no cost) and is folded too.
    expect((await api.post(`/api/runs/${runs[3].id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    await expect.poll(foldedRuns, { timeout: 5000 }).toBe(4);
    const after = (await api.get<Report>("/api/spend?period=24h")).body;
    expect(after.total).toEqual(report.total);
    expect(after.by_node).toEqual(report.by_node);

    const drill = (await api.get<{ items: { run_id: string; cost_usd: number }[]; retention_days: number | null }>(`/api/spend/runs?period=24h&workflow_id=${chain}`)).body;
    expect(drill.items.map((r) => r.run_id).sort()).toEqual(chainRuns.map((r) => r.id).sort());
    expect(drill.retention_days).toBeNull();
  });

  it("refuses an unknown period with the offending parameter", async () => {
    const res = await api.get<ErrorBody>("/api/spend?period=1y");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_query");
    expect(res.body.error.details?.issues?.[0].path).toBe("period");
  });
});

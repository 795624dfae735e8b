import { describe, expect, it } from "vitest";
import { agentChain, gateGraph } from "./support/run-graphs";
import { startServerForFile } from "./support/server-for-file";

type Run = { id: string; status: string; steps: { status: string }[]; cost_usd: number };

const ctx = startServerForFile();

const LOCKED = /database is locked|SQLITE_BUSY/i;

describe("concurrent runs", () => {
  it("completes 30 runs triggered in parallel without lock errors", async () => {
    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Parallel", graph: agentChain(5) });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=30000`, { input: { i } })));
    for (const res of responses) {
      expect(JSON.stringify(res.body)).not.toMatch(LOCKED);
      expect(res.status).toBe(201);
      expect(res.body.status).toBe("completed");
      expect(res.body.steps.map((s) => s.status)).toEqual(Array(5).fill("completed"));
    }
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(30);
    const list = await ctx.api.get<{ items: Run[] }>(`/api/runs?workflow_id=${wf.id}&status=completed&limit=100`);
    expect(list.body.items).toHaveLength(30);
    expect(ctx.server.log()).not.toMatch(LOCKED);
  });

  it("handles parallel approvals, reads and new triggers together", async () => {
    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Gates", graph: gateGraph() });
    const paused = await Promise.all(Array.from({ length: 10 }, () => ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=30000`, { input: { ticket: "t" } })));
    expect(paused.map((r) => r.body.status)).toEqual(Array(10).fill("paused"));
    const mixed = await Promise.all([
      ...paused.map((r) => ctx.api.post(`/api/runs/${r.body.id}/approve`, { node_id: "review", input: { decision: "send" } })),
      ...paused.map((r) => ctx.api.get(`/api/runs/${r.body.id}`)),
      ...paused.map(() => ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=30000`, { input: { ticket: "u" } })),
    ]);
    for (const res of mixed) {
      expect(res.status).toBeLessThan(300);
      expect(JSON.stringify(res.body)).not.toMatch(LOCKED);
    }
    for (const r of paused) await expect.poll(async () => (await ctx.api.get<Run>(`/api/runs/${r.body.id}`)).body.status, { timeout: 10_000 }).toBe("completed");
    expect(ctx.server.log()).not.toMatch(LOCKED);
    expect((await ctx.api.get("/api/audit/verify")).body).toMatchObject({ ok: true });
  });
});

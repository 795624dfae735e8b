import { describe, expect, it } from "vitest";
import { gateGraph, loopGraph } from "./support/run-graphs";
import { startServerForFile } from "./support/server-for-file";
import { openSse, type SseEvent } from "./support/sse";

type Run = { id: string; status: string; cost_usd: number };

const ctx = startServerForFile();

async function triggerPaused(): Promise<string> {
  const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "SSE", graph: gateGraph() });
  const { body } = await ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-1" } });
  expect(body.status).toBe("paused");
  return body.id;
}

const ids = (events: SseEvent[]) => events.filter((e) => e.id !== undefined).map((e) => Number(e.id));
const status = (e: SseEvent) => (e.data as { status?: string }).status;

describe("run events (SSE)", () => {
  it("replays stored events, then follows live ones until the run completes", async () => {
    const id = await triggerPaused();
    const sse = await openSse(`${ctx.server.baseUrl}/api/runs/${id}/events`);
    const gate = await sse.waitFor((e) => e.event === "gate.pending");
    expect(gate.data).toMatchObject({ run_id: id, gate: { node_id: "review", prompt: "Approve the draft for T-1?" } });
    const replayed = sse.events.length;
    expect(sse.events.map((e) => e.event)).toEqual(expect.arrayContaining(["run.status", "step.started", "step.finished", "gate.pending"]));
    const draft = sse.events.find((e) => e.event === "step.finished" && (e.data as { step: { node_id: string } }).step.node_id === "draft");
    expect((draft?.data as { step: Record<string, unknown> }).step).toMatchObject({ status: "completed", model: "mock" });
    expect((draft?.data as { step: { cost_usd: number } }).step.cost_usd).toBeGreaterThan(0);
    expect((draft?.data as { step: Record<string, unknown> }).step).not.toHaveProperty("input");

    expect((await ctx.api.post(`/api/runs/${id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    const done = await sse.waitFor((e) => e.event === "run.status" && status(e) === "completed");
    await sse.closed;
    expect(sse.events.length).toBeGreaterThan(replayed);
    expect(sse.events.slice(replayed).map((e) => e.event)).toEqual(expect.arrayContaining(["step.finished", "step.started", "run.status"]));
    expect(sse.events[sse.events.length - 1]).toBe(done);
    const seqs = ids(sse.events);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs[0]).toBe(1);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect((done.data as { cost_usd: number }).cost_usd).toBe((await ctx.api.get<Run>(`/api/runs/${id}`)).body.cost_usd);
  });

  it("Last-Event-ID replays only later events, and a finished run's stream ends after replay", async () => {
    const id = await triggerPaused();
    await ctx.api.post(`/api/runs/${id}/approve`, { node_id: "review", input: { decision: "hold" } });
    await expect.poll(async () => (await ctx.api.get<Run>(`/api/runs/${id}`)).body.status, { timeout: 5000 }).toBe("completed");
    const full = await openSse(`${ctx.server.baseUrl}/api/runs/${id}/events`);
    await full.closed;
    const all = ids(full.events);
    expect(all.length).toBeGreaterThan(5);
    const from = all[3];
    const later = await openSse(`${ctx.server.baseUrl}/api/runs/${id}/events`, from);
    await later.closed;
    expect(ids(later.events)).toEqual(all.filter((s) => s > from));
    const query = await openSse(`${ctx.server.baseUrl}/api/runs/${id}/events?last_event_id=${all[all.length - 1]}`);
    await query.closed;
    expect(query.events).toEqual([]);
  });

  it("never shows internal state keys", async () => {
    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Loop", graph: loopGraph() });
    const { body } = await ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, {});
    expect(body.status).toBe("completed");
    const sse = await openSse(`${ctx.server.baseUrl}/api/runs/${body.id}/events`);
    await sse.closed;
    expect(sse.events.filter((e) => e.event === "step.finished").length).toBeGreaterThanOrEqual(8);
    expect(sse.raw()).not.toContain('"__');
    const run = await ctx.api.get(`/api/runs/${body.id}`);
    expect(JSON.stringify(run.body)).not.toContain('"__');
    const cps = await ctx.api.get(`/api/runs/${body.id}/checkpoints`);
    expect(JSON.stringify(cps.body)).not.toContain('"__');
  });

  it("stops following when the client disconnects, and answers 404 for unknown runs", async () => {
    const id = await triggerPaused();
    const sse = await openSse(`${ctx.server.baseUrl}/api/runs/${id}/events`);
    await sse.waitFor((e) => e.event === "gate.pending");
    sse.close();
    await sse.closed;
    expect((await ctx.api.get("/api/runs/nope/events")).status).toBe(404);
    expect((await ctx.api.get(`/api/runs/${id}/events?last_event_id=x`)).status).toBe(400);
  });
});

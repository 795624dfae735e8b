/**
 * `SWITCHYARD_ENGINE_THREAD=off`: the engine runs on the request thread instead of the
 * engine host thread. The same commands, errors and live events must hold.
 */
import { describe, expect, it } from "vitest";
import { gateGraph } from "./support/run-graphs";
import { startServerForFile } from "./support/server-for-file";
import { openSse } from "./support/sse";

type Run = { id: string; status: string };
type ErrorBody = { error: { code: string; message: string } };

const ctx = startServerForFile({ env: { SWITCHYARD_ENGINE_THREAD: "off" } });

describe("engine on the request thread", () => {
  it("triggers, pauses at a gate, streams events live and completes once approved", async () => {
    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "In-process", graph: gateGraph() });
    const { status, body: run } = await ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-9" } });
    expect(status).toBe(201);
    expect(run.status).toBe("paused");
    const sse = await openSse(`${ctx.server.baseUrl}/api/runs/${run.id}/events`);
    await sse.waitFor((e) => e.event === "gate.pending");
    expect((await ctx.api.post(`/api/runs/${run.id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    await sse.waitFor((e) => e.event === "run.status" && (e.data as { status?: string }).status === "completed");
    await sse.closed;
  });

  it("answers engine refusals with their API errors", async () => {
    expect((await ctx.api.post<ErrorBody>("/api/workflows/nope/runs", {})).status).toBe(404);
    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Refusals", graph: gateGraph() });
    const { body: run } = await ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-10" } });
    const wrongGate = await ctx.api.post<ErrorBody>(`/api/runs/${run.id}/reject`, { node_id: "draft" });
    expect(wrongGate.status).toBe(409);
    expect(wrongGate.body.error.code).toBe("bad_state");
  });
});

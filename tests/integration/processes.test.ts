/**
 * Several server processes on one PostgreSQL database: a run executes in the process that
 * took it, and every process serves it — its live events stream from any of them, its gate is
 * approved from any of them (the approving process drives it on), a cancel sent to another
 * process stops it where it runs, and a process killed mid-run has its run taken over by
 * another. Runs once, on PostgreSQL, whatever the suite's backend (SQLite serves one process).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "@/lib/db/postgres/test-database";
import { client } from "./support/http";
import { delayGraph, gateGraph } from "./support/run-graphs";
import { startServer, TEST_BACKEND, type TestServer } from "./support/server";
import { openSse, type SseEvent } from "./support/sse";

type Run = { id: string; status: string; error_message: string | null; steps: { node_id: string; status: string }[] };

let database: PostgresTestDatabase;
const servers: TestServer[] = [];
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  // The processes of one install share the database and the secrets key.
  const env = { DATABASE_URL: database.url, SWITCHYARD_SECRET_KEY: randomBytes(32).toString("base64") };
  servers.push(await startServer({ env, skipMigrate: true }), await startServer({ env, skipMigrate: true }));
  [a, b] = servers.map((s) => client(s.baseUrl));
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await database?.close();
});

const status = (e: SseEvent) => (e.data as { status?: string }).status;

describe.skipIf(TEST_BACKEND === "postgres")("several processes on one PostgreSQL database", () => {
  const seqsOf = (events: SseEvent[]) => events.filter((e) => e.id !== undefined).map((e) => Number(e.id));

  it("streams a run live from the process that does not run it: every event once, in order", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Shared gate", graph: gateGraph() });
    const { body: run } = await a.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-7" } });
    expect(run.status).toBe("paused");
    // B follows the run while A, which runs it, is approved and drives it to its end.
    const sse = await openSse(`${servers[1].baseUrl}/api/runs/${run.id}/events`);
    await sse.waitFor((e) => e.event === "gate.pending");
    const replayed = seqsOf(sse.events).length;
    expect((await a.post(`/api/runs/${run.id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    await sse.waitFor((e) => e.event === "run.status" && status(e) === "completed");
    await sse.closed;
    const seqs = seqsOf(sse.events);
    expect(seqs.length).toBeGreaterThan(replayed);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const stored = await openSse(`${servers[0].baseUrl}/api/runs/${run.id}/events`);
    await stored.closed;
    expect(seqsOf(stored.events)).toEqual(seqs);
  });

  it("resumes a run at its gate when another process approves it", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Shared approval", graph: gateGraph() });
    const { body: run } = await a.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-8" } });
    expect(run.status).toBe("paused");
    expect((await b.post(`/api/runs/${run.id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    await expect.poll(async () => (await a.get<Run>(`/api/runs/${run.id}`)).body.status, { timeout: 10_000 }).toBe("completed");
  });

  it("follows a run executing in the other process live, step by step, and cancels it from there", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Shared slow", graph: delayGraph(60_000) });
    const { body: run } = await a.post<Run>(`/api/workflows/${wf.id}/runs`, { input: {} });
    const sse = await openSse(`${servers[1].baseUrl}/api/runs/${run.id}/events`);
    await sse.waitFor((e) => e.event === "step.started");
    // B does not drive the run (A does): the cancel reaches A, and the run stops there.
    const cancelled = await b.post<Run>(`/api/runs/${run.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "failed", error_message: expect.stringContaining("cancelled") });
    await sse.waitFor((e) => e.event === "run.status" && status(e) === "failed");
  });

  it("takes over a run whose process was killed (kill -9), continuing from its last checkpoint", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Shared crash", graph: delayGraph(3_000) });
    const { body: run } = await a.post<Run>(`/api/workflows/${wf.id}/runs`, { input: {} });
    await expect.poll(async () => (await b.get<Run>(`/api/runs/${run.id}`)).body.status, { timeout: 10_000 }).toBe("running");
    await servers[0].kill9();
    // Its lease expires (8 s) and B's recovery sweep resumes it.
    await expect.poll(async () => (await b.get<Run>(`/api/runs/${run.id}`)).body.status, { timeout: 30_000, interval: 250 }).toBe("completed");
    await servers[0].restart();
  });
});

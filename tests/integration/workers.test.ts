/**
 * Web processes (SWITCHYARD_ROLE=web) and worker processes (`npm run worker`) on one
 * PostgreSQL database: a run triggered on a web process executes on a worker, its answer
 * (`?wait=`) and its gate served by any web process; a worker stopped hands its runs back at
 * once, and a worker killed (kill -9) under load has its runs finished by another, no call
 * whose step was stored made again; a worker frozen (SIGSTOP) past its lease writes nothing to
 * the run another took over once it wakes. Runs once, on PostgreSQL, whatever the suite's backend.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "@/lib/db/postgres/test-database";
import { startCounterService, type CounterService } from "./support/counter-service";
import { dbOf, type TestDb } from "./support/db";
import { client } from "./support/http";
import { chain, delayGraph, gateGraph, httpCall, parallelCalls } from "./support/run-graphs";
import { startServer, TEST_BACKEND, type TestServer } from "./support/server";
import { openSse } from "./support/sse";
import { startWorker, type TestWorker } from "./support/worker";

type Run = { id: string; status: string; error_message: string | null; steps: { node_id: string; status: string; idempotency_key: string }[] };

const BRANCHES = 3;
const CALLS = 3;
const RUNS = 200;

let database: PostgresTestDatabase;
let db: TestDb;
let counter: CounterService;
let dataDir: string;
let workerEnv: Record<string, string>;
const servers: TestServer[] = [];
const workers: TestWorker[] = [];
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;

const prefixOf = (w: TestWorker) => `${os.hostname()}:${w.pid()}:`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  db = await dbOf(database.url);
  counter = await startCounterService();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "switchyard-workers-"));
  // Every process of one install shares the database and the secrets key.
  const shared = { DATABASE_URL: database.url, SWITCHYARD_SECRET_KEY: randomBytes(32).toString("base64"), SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1" };
  workerEnv = { ...shared, SWITCHYARD_DATA_DIR: dataDir };
  const web = { ...shared, SWITCHYARD_ROLE: "web" };
  servers.push(await startServer({ env: web, skipMigrate: true }), await startServer({ env: web, skipMigrate: true }));
  workers.push(await startWorker(workerEnv), await startWorker(workerEnv), await startWorker(workerEnv));
  [a, b] = servers.map((s) => client(s.baseUrl));
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  for (const s of servers) await s.stop();
  await db?.close();
  await counter?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The owner of the run's lease once it has one: the process executing it. */
async function ownerOf(runId: string): Promise<string> {
  let owner: string | null = null;
  await expect
    .poll(async () => (owner = await db.value<string | null>("SELECT lease_owner FROM runs WHERE id = ?", [runId])), { timeout: 10_000, interval: 50 })
    .toBeTruthy();
  return owner!;
}

describe.skipIf(TEST_BACKEND === "postgres")("web and worker processes on one PostgreSQL database", () => {
  it("executes a run triggered on a web process on a worker, and answers ?wait= on the web process", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Handed off", graph: delayGraph(1_500) });
    const answer = a.post<Run>(`/api/workflows/${wf.id}/runs?wait=15000`, { input: {} });
    await expect.poll(() => db.value<number>("SELECT count(*) FROM runs WHERE workflow_id = ?", [wf.id]), { timeout: 10_000, interval: 50 }).toBe(1);
    const runId = await db.value<string>("SELECT id FROM runs WHERE workflow_id = ?", [wf.id]);
    const owner = await ownerOf(runId);
    expect(workers.some((w) => owner.startsWith(prefixOf(w))), `${owner} is not a worker`).toBe(true);
    const { status, body: run } = await answer;
    expect(status).toBe(201);
    expect(run).toMatchObject({ id: runId, status: "completed" });
    expect(run.steps.map((s) => [s.node_id, s.status])).toEqual([["wait", "completed"], ["after", "completed"]]);
  });

  it("pauses a run at its gate on a worker; approved on the other web process, a worker drives it to its end", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Worker gate", graph: gateGraph() });
    const { body: run } = await a.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-9" } });
    expect(run.status).toBe("paused");
    expect((await b.post(`/api/runs/${run.id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    await expect.poll(async () => (await a.get<Run>(`/api/runs/${run.id}`)).body.status, { timeout: 10_000 }).toBe("completed");
    const done = (await b.get<Run & { output: Record<string, unknown> }>(`/api/runs/${run.id}`)).body;
    expect(done.output).toMatchObject({ decision: "send", send: { sent: "send" } });
  });

  it("hands a stopped worker's run to another worker at once, which finishes it", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Handed back", graph: delayGraph(2_000) });
    const { body: run } = await a.post<Run>(`/api/workflows/${wf.id}/runs`, { input: {} });
    const owner = await ownerOf(run.id);
    const index = workers.findIndex((w) => owner.startsWith(prefixOf(w)));
    expect(index).toBeGreaterThanOrEqual(0);
    const stoppedAt = Date.now();
    await workers[index].stop();
    const others = workers.filter((_, i) => i !== index).map(prefixOf);
    const takenByAnother = async () => {
      const now = await db.value<string | null>("SELECT lease_owner FROM runs WHERE id = ?", [run.id]);
      return now !== null && others.some((p) => now.startsWith(p));
    };
    await expect.poll(takenByAnother, { timeout: 5_000, interval: 50 }).toBe(true);
    await expect.poll(async () => (await a.get<Run>(`/api/runs/${run.id}`)).body.status, { timeout: 10_000 }).toBe("completed");
    // Well before its lease (8 s) would have run out.
    expect(Date.now() - stoppedAt).toBeLessThan(6_000);
    workers[index] = await startWorker(workerEnv);
  });

  it("fences a worker frozen (SIGSTOP) past its lease: the run taken over, what the worker had in flight is never written once it wakes", async () => {
    const graph = chain([httpCall("slow", `${counter.url}/fenced-slow?delay_ms=4000`), httpCall("next", `${counter.url}/fenced-next`)]);
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Fenced", graph });
    const { body: run } = await a.post<Run>(`/api/workflows/${wf.id}/runs`, { input: {} });
    await counter.seen("/fenced-slow", 1, 10_000);
    const owner = await ownerOf(run.id);
    const index = workers.findIndex((w) => owner.startsWith(prefixOf(w)));
    expect(index).toBeGreaterThanOrEqual(0);
    const frozen = workers[index];
    process.kill(frozen.pid()!, "SIGSTOP");
    try {
      // Past its lease (8 s), the other worker takes the run over and finishes it.
      await expect.poll(async () => (await b.get<Run>(`/api/runs/${run.id}`)).body.status, { timeout: 30_000, interval: 200 }).toBe("completed");
    } finally {
      process.kill(frozen.pid()!, "SIGCONT");
    }
    const before = (await b.get<Run & { output: unknown }>(`/api/runs/${run.id}`)).body;
    const eventsBefore = await db.all<{ seq: number; type: string }>("SELECT seq, type FROM run_events WHERE run_id = ? ORDER BY seq", [run.id]);
    // Awake, the frozen worker's call answers (its 4 s are long past) and its write is refused.
    await expect.poll(() => frozen.log(), { timeout: 10_000, interval: 100 }).toMatch(new RegExp(`run ${run.id} was taken over by another process`));
    await sleep(500);
    const after = (await b.get<Run & { output: unknown }>(`/api/runs/${run.id}`)).body;
    expect(after).toEqual(before);
    expect(await db.all("SELECT seq, type FROM run_events WHERE run_id = ? ORDER BY seq", [run.id])).toEqual(eventsBefore);
    expect(eventsBefore.map((e) => e.seq)).toEqual(eventsBefore.map((_, i) => i + 1));
    expect(after.steps.map((s) => [s.node_id, s.status])).toEqual([["slow", "completed"], ["next", "completed"]]);
    // The call in flight when the worker froze was made again by the other (its step was not
    // stored), the next one only once: the frozen worker went no further.
    expect(counter.keys("/fenced-slow")).toEqual([`${run.id}:slow:1`, `${run.id}:slow:1`]);
    expect(counter.keys("/fenced-next")).toEqual([`${run.id}:next:1`]);
    expect(await db.value<string | null>("SELECT lease_owner FROM runs WHERE id = ?", [run.id])).toBeNull();
  });

  it("under load through both web processes: 200 runs on three workers, one killed (kill -9), every run finished, no stored call made again, a run followed live on the other web process, a gate approved there", async () => {
    const { body: wf } = await a.post<{ id: string }>("/api/workflows", { name: "Busy workers", graph: parallelCalls(counter.url, 20, BRANCHES, CALLS) });
    const { body: gatedWf } = await a.post<{ id: string }>("/api/workflows", { name: "Gate under load", graph: gateGraph() });
    const owners = new Set<string>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const { owner } of await db.all<{ owner: string }>("SELECT DISTINCT lease_owner AS owner FROM runs WHERE lease_owner IS NOT NULL")) owners.add(owner);
        await sleep(50);
      }
    })();
    // A run triggered on web B, followed from its start on web A.
    const { body: followed } = await b.post<Run>(`/api/workflows/${wf.id}/runs`, {});
    const sse = await openSse(`${servers[0].baseUrl}/api/runs/${followed.id}/events`);
    const { body: gated } = await a.post<Run>(`/api/workflows/${gatedWf.id}/runs?wait=10000`, { input: { ticket: "T-11" } });
    expect(gated.status).toBe("paused");

    let triggered = 1;
    const answers: number[] = [];
    const clients = Array.from({ length: 12 }, async (_, c) => {
      const api = c % 2 ? b : a;
      while (triggered < RUNS) {
        triggered++;
        // A quarter of the clients wait for their run's end.
        answers.push((await api.post(`/api/workflows/${wf.id}/runs${c % 4 === 0 ? "?wait=5000" : ""}`, {})).status);
      }
    });
    await counter.seen("/load", 600, 60_000);
    const [killed, ...survivors] = workers;
    // The survivors are held still (SIGSTOP) while the dead worker's stored calls are read, so
    // none they make again after taking over is counted as stored before the kill.
    for (const w of survivors) process.kill(w.pid()!, "SIGSTOP");
    await killed.kill9();
    const storedKeys = (
      await db.all<{ key: string }>("SELECT s.idempotency_key AS key FROM steps s JOIN runs r ON r.id = s.run_id WHERE r.workflow_id = ? AND s.status = 'completed' AND s.node_id LIKE 'b%'", [wf.id])
    ).map((r) => r.key);
    const callsBefore = counter.count("/load");
    for (const w of survivors) process.kill(w.pid()!, "SIGCONT");
    // Every worker was taking runs before the kill.
    for (const w of workers) expect([...owners].some((o) => o.startsWith(prefixOf(w))), prefixOf(w)).toBe(true);
    // Approved on web B while the load goes on: a worker drives the gate's run to its end.
    expect((await b.post(`/api/runs/${gated.id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    await Promise.all(clients);
    expect(answers.every((status) => status === 201 || status === 202), String(answers)).toBe(true);
    await expect.poll(() => db.value<number>("SELECT count(*) FROM runs WHERE workflow_id = ? AND status <> 'completed'", [wf.id]), { timeout: 60_000, interval: 250 }).toBe(0);
    await expect.poll(async () => (await a.get<Run>(`/api/runs/${gated.id}`)).body.status, { timeout: 10_000 }).toBe("completed");
    sampling = false;
    await sampler;

    const runs = await db.all<{ id: string }>("SELECT id FROM runs WHERE workflow_id = ?", [wf.id]);
    expect(runs).toHaveLength(RUNS);
    expect(counter.count("/load")).toBeGreaterThanOrEqual(callsBefore);
    const seen = new Map<string, number>();
    for (const key of counter.keys("/load")) seen.set(key!, (seen.get(key!) ?? 0) + 1);
    for (const key of storedKeys) expect(seen.get(key), key).toBe(1);
    // Only calls in flight on the killed worker were made twice: at most one per branch of a run.
    const repeatedPerRun = new Map<string, number>();
    for (const [key, n] of seen) {
      expect(n, key).toBeLessThanOrEqual(2);
      if (n === 2) repeatedPerRun.set(key.split(":")[0], (repeatedPerRun.get(key.split(":")[0]) ?? 0) + 1);
    }
    for (const [runId, n] of repeatedPerRun) expect(n, runId).toBeLessThanOrEqual(BRANCHES);
    for (const { id } of runs) {
      const run = (await b.get<Run>(`/api/runs/${id}`)).body;
      const calls = run.steps.filter((s) => s.node_id.startsWith("b") && s.status === "completed");
      expect(calls).toHaveLength(BRANCHES * CALLS);
      for (const step of calls) expect(step.idempotency_key).toBe(`${id}:${step.node_id}:1`);
    }
    expect(seen.size).toBe(RUNS * BRANCHES * CALLS);

    // Web A streamed every step of the run web B triggered, in order, to its end.
    await sse.waitFor((e) => e.event === "run.status" && (e.data as { status?: string }).status === "completed", 10_000);
    const seqs = sse.events.filter((e) => e.id !== undefined).map((e) => Number(e.id));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const finished = sse.events.filter((e) => e.event === "step.finished").map((e) => (e.data as { step: { node_id: string; status: string } }).step);
    const stored = (await a.get<Run>(`/api/runs/${followed.id}`)).body.steps.filter((s) => s.status === "completed");
    expect(finished.filter((s) => s.status === "completed").map((s) => s.node_id).sort()).toEqual(stored.map((s) => s.node_id).sort());
    expect(stored).toHaveLength(BRANCHES * CALLS + 3);
    sse.close();
    expect((await a.get("/api/audit/verify")).body).toMatchObject({ ok: true });
    workers[0] = await startWorker(workerEnv);
  });

  it("refuses to start a worker on SQLite: it has no database to share", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-worker-sqlite-"));
    try {
      const out = spawnSync(process.execPath, ["scripts/worker.mjs"], { env: { ...process.env, DATABASE_URL: `file:${dir}/app.db` }, encoding: "utf8", timeout: 30_000 });
      expect(out.status).toBe(1);
      expect(out.stderr).toMatch(/DATABASE_URL=postgres/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

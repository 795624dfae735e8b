import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunRecord } from "@/engine/ports";
import { gate, graph, person, tool, until } from "@/engine/testing/harness";
import type { Graph } from "@/engine/graph/schema";
import { RunRuntime } from "@/lib/runtime/run-runtime";
import { waitForRun } from "@/lib/runtime/wait-for-run";
import type { AuditInput, NewRunRow, RunControl, RunQueue } from "../ports";
import { postgresNotices } from "./notices";
import { isPostgresPreparedJob, postgresRunQueue } from "./run-queue";
import { PostgresRunStore } from "./run-store";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";
import { pgTypes } from "./types";

const straight = graph([tool("a", "set", { x: 1 }), tool("b", "set", { y: 2 })], "a->b");
const gated = graph([tool("a", "set", { x: 1 }), gate("g"), tool("b", "set", { y: 2 })], "a->g", "g->b");
const TIMINGS = { ttlMs: 4_000, heartbeatMs: 500, sweepMs: 60_000 };

let database: PostgresTestDatabase;
/** What each test opened, as other processes would have: closed after it. */
let pools: pg.Pool[];
let queues: RunQueue[];
let runtimes: RunRuntime[];

beforeEach(async () => {
  database = await createPostgresTestDatabase();
  database.pool.on("error", () => {});
  pools = [];
  queues = [];
  runtimes = [];
  for (const [id, g] of [["wf", straight], ["gated", gated]] as const) {
    await database.pool.query("INSERT INTO workflows (id, name, graph, updated_at) VALUES ($1, $1, $2, now())", [id, JSON.stringify(g)]);
    await database.pool.query("INSERT INTO workflow_versions (id, workflow_id, version, graph, created_by) VALUES ($1, $2, 1, $3, 'test')", [`${id}-v1`, id, JSON.stringify(g)]);
  }
});
afterEach(async () => {
  for (const rt of runtimes) rt.stopRecovery();
  await Promise.all(runtimes.map((rt) => rt.engine.idle()));
  await Promise.all(queues.map((q) => q.stop()));
  await Promise.all(pools.map((p) => p.end()));
  await database.close();
});

/** A process of its own: a pool, its store and its queue. */
function processParts() {
  const pool = new pg.Pool({ connectionString: database.url, types: pgTypes, max: 4 }).on("error", () => {});
  pools.push(pool);
  const queue = postgresRunQueue(pool);
  queues.push(queue);
  return { pool, store: new PostgresRunStore(pool), queue, notices: postgresNotices(pool, database.url) };
}

function runtimeAs(role: "web" | "worker") {
  const parts = processParts();
  const rt = new RunRuntime(parts.store, { role, queue: parts.queue, notices: parts.notices, timings: TIMINGS, owner: `host:${role}:${runtimes.length}` });
  runtimes.push(rt);
  rt.startRecovery();
  return rt;
}

const row = (id: string, workflowId = "wf"): NewRunRow => ({
  id, workflowId, workflowVersion: 1, input: {}, options: {}, createdBy: { type: "user", id: "u-ada", name: "Ada" }, createdAt: Date.now(), leaseOwner: null, leaseExpiresAt: null,
});
const audit = (id: string): AuditInput => ({ action: "run.trigger", actor: { type: "user", id: "u-ada", name: "Ada" }, targetType: "run", targetId: id, details: {} });
const pendingRecord = (r: NewRunRow): RunRecord => ({
  id: r.id, workflow_id: r.workflowId, workflow_version: r.workflowVersion, status: "pending", input: r.input, options: r.options, triggered_by: r.createdBy,
  output: null, cost_micros: 0, tokens_in: 0, tokens_out: 0, node_executions: 0, duration_ms: null, error_message: null, pending_gate: null,
  created_at: r.createdAt, started_at: null, finished_at: null,
});

const jobsFor = async (runId: string) =>
  Number((await database.pool.query("SELECT count(*) AS n FROM pgboss.job WHERE name = 'switchyard-runs' AND data ->> 'runId' = $1", [runId])).rows[0].n);
const status = async (runId: string) => (await database.pool.query("SELECT status FROM runs WHERE id = $1", [runId])).rows[0]?.status as string | undefined;

describe("the run queue on PostgreSQL", () => {
  it("commits a trigger's job in the run's own transaction, and never one for a run that was not written", async () => {
    const { store, queue } = processParts();
    await store.insertTriggered({ run: row("r1"), audit: audit("r1"), job: await queue.prepare({ runId: "r1", op: "start" }) });
    expect(await jobsFor("r1")).toBe(1);
    expect(await status("r1")).toBe("pending");
    // The same run id again: the insert fails, and its job with it.
    const again = store.insertTriggered({ run: row("r1"), audit: audit("r1"), job: await queue.prepare({ runId: "r1", op: "start" }) });
    await expect(again).rejects.toThrow();
    expect(await jobsFor("r1")).toBe(1);
    // A run on a workflow version that does not exist is refused, and leaves no job either.
    const orphan = store.insertTriggered({ run: { ...row("r2"), workflowVersion: 9 }, audit: audit("r2"), job: await queue.prepare({ runId: "r2", op: "start" }) });
    await expect(orphan).rejects.toThrow();
    expect(await jobsFor("r2")).toBe(0);
  });

  it("wakes the workers with the commit that writes a trigger's job, once per commit, and not for a trigger refused", async () => {
    const { store, queue } = processParts();
    const worker = processParts();
    const heard: RunControl[] = [];
    const stop = await worker.notices.listen({ control: (m) => heard.push(m) });
    try {
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      // Submitted in one turn: one transaction, one notice for its three jobs.
      const jobs = await Promise.all(["w1", "w2", "w3"].map((id) => queue.prepare({ runId: id, op: "start" })));
      // pg-boss's insert as one named statement, parsed once per connection (three of it in one pipeline here).
      const names = new Set(jobs.map((job) => (isPostgresPreparedJob(job) ? job.query.name : undefined)));
      expect([...names]).toEqual([expect.stringMatching(/^switchyard_queue_[0-9a-f]{24}$/)]);
      await Promise.all(jobs.map((job) => store.insertTriggered({ run: row(job.data.runId), audit: audit(job.data.runId), job })));
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);
      await settle();
      expect(heard.length).toBe(1);
      // A refused trigger rolls its notice back with its run and job.
      await expect(store.insertTriggered({ run: row("w1"), audit: audit("w1"), job: await queue.prepare({ runId: "w1", op: "start" }) })).rejects.toThrow();
      await settle();
      expect(heard.length).toBe(1);
      await store.insertTriggered({ run: row("w4"), audit: audit("w4"), job: await queue.prepare({ runId: "w4", op: "start" }) });
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2);
      expect(heard.every((m) => m.op === "work")).toBe(true);
    } finally {
      stop();
    }
  });

  it("hands each job to one taker, and not again once acknowledged", async () => {
    const takers = [processParts().queue, processParts().queue, processParts().queue];
    const { queue } = processParts();
    for (let i = 0; i < 30; i++) await queue.enqueue({ runId: `q${i}`, op: "start" });
    const taken = await Promise.all(takers.map((t) => t.take(25)));
    const ids = taken.flat().map((j) => j.data.runId);
    expect(ids.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `q${i}`).sort());
    await Promise.all(taken.map((jobs, i) => takers[i].done(jobs.map((j) => j.id))));
    expect((await Promise.all(takers.map((t) => t.take(50)))).flat()).toEqual([]);
  });

  it("a web process writes the run and its job; a worker process takes it and drives it to the end", async () => {
    const web = runtimeAs("web");
    const worker = runtimeAs("worker");
    const r = row("w1");
    const waiter = waitForRun(web.bus, r.id, 10_000);
    const { written, started } = web.trigger(r, audit(r.id), { run: pendingRecord(r), graph: straight as Graph });
    await written;
    expect(await started).toBeNull();
    // Settled on the worker, and heard on the web process through the events table.
    expect(await waiter.promise).toBe("completed");
    expect(web.engine.activeRuns()).toEqual([]);
    const steps = (await database.pool.query("SELECT node_id FROM steps WHERE run_id = 'w1' ORDER BY seq")).rows.map((s) => s.node_id);
    expect(steps).toEqual(["a", "b"]);
    await until(async () => (await jobsFor("w1")) === 0 || (await database.pool.query("SELECT state FROM pgboss.job WHERE data ->> 'runId' = 'w1'")).rows.every((j) => j.state === "completed"));
    expect(worker.engine.activeRuns()).toEqual([]);
  });

  it("a gate approved on a web process is driven on by a worker", async () => {
    const web = runtimeAs("web");
    runtimeAs("worker");
    const r = row("g1", "gated");
    const paused = waitForRun(web.bus, r.id, 10_000);
    await web.trigger(r, audit(r.id), { run: pendingRecord(r), graph: gated as Graph }).written;
    expect(await paused.promise).toBe("paused");
    const done = waitForRun(web.bus, r.id, 10_000);
    const handle = await web.drive(r.id, () => web.engine.approve(r.id, { node_id: "g", actor: person("rev") }));
    // The web process wrote the decision and left the run running for a worker.
    expect((await handle.done).status).toBe("running");
    expect(web.engine.activeRuns()).toEqual([]);
    expect(await done.promise).toBe("completed");
    const steps = (await database.pool.query("SELECT node_id, status FROM steps WHERE run_id = 'g1' ORDER BY seq")).rows;
    expect(steps.map((s) => `${s.node_id}:${s.status}`)).toEqual(["a:completed", "g:completed", "b:completed"]);
  });

  it("a worker takes no more runs than its concurrency; the rest wait in the queue", async () => {
    const web = runtimeAs("web");
    const parts = processParts();
    const worker = new RunRuntime(parts.store, { role: "worker", queue: parts.queue, notices: parts.notices, timings: TIMINGS, owner: "host:worker:one", concurrency: 1 });
    runtimes.push(worker);
    const gatedRuns = ["c1", "c2", "c3"].map((id) => row(id, "gated"));
    const waits = gatedRuns.map((r) => waitForRun(web.bus, r.id, 10_000));
    for (const r of gatedRuns) await web.trigger(r, audit(r.id), { run: pendingRecord(r), graph: gated as Graph }).written;
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, worker.engine.activeRuns().length)), 2);
    worker.startRecovery();
    expect(await Promise.all(waits.map((w) => w.promise))).toEqual(["paused", "paused", "paused"]);
    clearInterval(watch);
    expect(most).toBe(1);
  });
});

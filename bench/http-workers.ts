/**
 * Worker processes over HTTP: one web process (SWITCHYARD_ROLE=web) and 1, 2 and 4 worker
 * processes (`npm run worker`) on one PostgreSQL database, driven through
 * `POST /api/workflows/{id}/runs?wait=` with chain_10 — and, for comparison, one process
 * that does both (`all`). Each leg has a fresh database.
 *
 *   npm run build && npx tsx bench/http-workers.ts
 *
 * Prints one JSON line per leg: the sequential p50, the closed loop's runs/s and p50, and the
 * CPU the machine spent per run (all processes: web, workers, PostgreSQL, the load generator;
 * from /proc/stat) with its split by process, so the scaling can be projected to machines
 * with more cores. Knobs: LEGS ("all,1,2,4"), WARMUP (1000), SEQ_COUNT (200), CLIENTS (100),
 * LOAD_SECONDS (10), WORKLOAD (chain_10); WEB_NODE_OPTIONS and WORKER_NODE_OPTIONS replace the
 * processes' Node options (`--require ./bench/cpu-profile.cjs` for a CPU profile: Node refuses `--cpu-prof` there).
 * STATEMENTS=1 also prints, per leg, the statements the load sent (calls per run, from
 * pg_stat_statements: the server must preload it and the database `postgres` have it created).
 * PHASES=1 prints where the load's runs spent their time, from their stored timestamps: from
 * the trigger's commit to the first event a process wrote for the run (dispatch: the queue, the
 * lease claim, the load), and from there to its last event (execution), p50 and p95. WAITS=1
 * samples the database's active sessions every 50 ms during the load and prints what they were
 * waiting on (`pg_stat_activity.wait_event`; "CPU" when on none), by share of the samples.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createPostgresTestDatabase } from "../lib/db/postgres/test-database";
import { startServer } from "../tests/integration/support/server";
import { startWorker, type TestWorker } from "../tests/integration/support/worker";
import { benchApiKey, closedLoop, httpClient, round, sequentialLatency, triggerAndWaitPath } from "./http-load";
import { runMain } from "./main";
import { loadWorkload } from "./workloads";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** `NODE_OPTIONS` for a process from the variable `name`, when set. */
const nodeOptions = (name: string): { NODE_OPTIONS?: string } => (process.env[name] ? { NODE_OPTIONS: process.env[name] } : {});
/** USER_HZ: /proc reports CPU time in ticks of 10 ms. */
const TICK_MS = 10;

/** The machine's busy CPU time so far (every core, everything but idle and iowait), in ms. */
function machineBusyMs(): number {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

/** A process's CPU time so far (all its threads), in ms; 0 once it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process's CPU time so far, in ms (its backends live as long as the pools). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += processCpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function leg(name: string, workerCount: number): Promise<void> {
  const workload = process.env.WORKLOAD ?? "chain_10";
  const graph = loadWorkload(workload);
  const database = await createPostgresTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "switchyard-bench-workers-"));
  const shared = { DATABASE_URL: database.url, SWITCHYARD_SECRET_KEY: randomBytes(32).toString("base64") };
  const server = await startServer({ env: { ...shared, SWITCHYARD_ROLE: workerCount === 0 ? "all" : "web", ...nodeOptions("WEB_NODE_OPTIONS") }, skipMigrate: true });
  const workers: TestWorker[] = [];
  try {
    for (let i = 0; i < workerCount; i++) workers.push(await startWorker({ ...shared, SWITCHYARD_DATA_DIR: dataDir, ...nodeOptions("WORKER_NODE_OPTIONS") }));
    const client = httpClient(server.baseUrl, 256, await benchApiKey(server.baseUrl));
    try {
      const runs = await triggerAndWaitPath(client, workload, graph);
      for (let i = 0; i < env("WARMUP", 1000); i++) await client.post(runs, { input: { i } });
      const seq = await sequentialLatency(client, runs, env("SEQ_COUNT", 200));

      const cpu = () => ({ machine: machineBusyMs(), web: processCpuMs(server.pid()!), workers: workers.reduce((n, w) => n + processCpuMs(w.pid()!), 0), postgres: postgresCpuMs() });
      const statements = process.env.STATEMENTS === "1";
      const stats = statements ? statementStats(database.url) : null;
      await stats?.query("SELECT pg_stat_statements_reset()");
      const loadStart = new Date();
      const waits = process.env.WAITS === "1" ? sampleWaits(database.url) : null;
      const before = cpu();
      const load = await closedLoop(client, runs, env("CLIENTS", 100), env("LOAD_SECONDS", 10) * 1000, graph.nodes.length);
      const after = cpu();
      if (waits) console.log(JSON.stringify({ leg: name, waits: await waits.stop() }));
      if (stats) await printStatements(stats, new URL(database.url).pathname.slice(1), name, load.runs).finally(() => stats.end());
      if (process.env.PHASES === "1") await printPhases(database.pool, name, loadStart);
      const perRun = (k: keyof typeof before) => round((after[k] - before[k]) / load.runs, 3);
      console.log(
        JSON.stringify({
          bench: "http.workers", leg: name, workers: workerCount, workload,
          sequential_p50_ms: seq.p50_ms, runs_per_s: load.runs_per_s, p50_ms: load.p50_ms, p95_ms: load.p95_ms, errors: load.errors,
          cpu_ms_per_run: { machine: perRun("machine"), web: perRun("web"), workers: perRun("workers"), postgres: perRun("postgres"), loadgen: load.loadgen_cpu_ms_per_request },
        }),
      );
    } finally {
      client.close();
    }
  } finally {
    for (const w of workers) await w.stop();
    await server.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A pool on the server's `postgres` database, where pg_stat_statements is read. */
function statementStats(url: string): pg.Pool {
  const at = new URL(url);
  at.pathname = "/postgres";
  return new pg.Pool({ connectionString: at.toString(), max: 1 });
}

/** The statements database `dbName` was sent since the reset: calls and execution ms per run, the most called first. */
async function printStatements(stats: pg.Pool, dbName: string, leg: string, runs: number): Promise<void> {
  const { rows } = await stats.query<{ calls: string; ms: number; query: string }>(
    `SELECT calls, total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) ORDER BY calls DESC LIMIT 30`,
    [dbName],
  );
  for (const r of rows) console.log(JSON.stringify({ leg, calls_per_run: round(Number(r.calls) / runs, 3), exec_ms_per_run: round(r.ms / runs, 4), query: r.query }));
}

/** Samples what the database's active sessions wait on until `stop()`, which answers each wait's share of the samples. */
function sampleWaits(url: string): { stop(): Promise<Record<string, number>> } {
  const stats = statementStats(url);
  const dbName = new URL(url).pathname.slice(1);
  const counts = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await stats.query<{ wait: string }>(
        `SELECT COALESCE(wait_event_type || ':' || wait_event, 'CPU') AS wait FROM pg_stat_activity
         WHERE datname = $1 AND state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        [dbName],
      );
      for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.finally(() => stats.end());
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, round(n / total, 3)]));
    },
  };
}

/** The p50 and p95 of each run's dispatch (trigger commit → first event) and execution (first → last event), in ms. */
async function printPhases(pool: pg.Pool, leg: string, since: Date): Promise<void> {
  const { rows } = await pool.query<Record<string, number>>(
    `WITH t AS (
       SELECT extract(epoch FROM min(e.created_at) - r.created_at) * 1000 AS dispatch, extract(epoch FROM max(e.created_at) - min(e.created_at)) * 1000 AS execution
       FROM runs r JOIN run_events e ON e.run_num = r.num WHERE r.created_at >= $1 GROUP BY r.id, r.created_at)
     SELECT count(*)::int AS runs,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY dispatch) AS dispatch_p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY dispatch) AS dispatch_p95,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY execution) AS execution_p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY execution) AS execution_p95
     FROM t`,
    [since],
  );
  const r = rows[0];
  console.log(JSON.stringify({ leg, phases_ms: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(Number(v), 1)])) }));
}

async function main(): Promise<void> {
  const legs = (process.env.LEGS ?? "all,1,2,4").split(",").map((s) => s.trim());
  for (const name of legs) await leg(name === "all" ? "one process (all)" : `web + ${name} worker${name === "1" ? "" : "s"}`, name === "all" ? 0 : Number(name));
}

runMain(main);

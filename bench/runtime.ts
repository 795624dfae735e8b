/**
 * Run-runtime benchmark: what the engine host thread does per run, without Next.js or the
 * HTTP stack. CLIENTS concurrent loops each trigger a workflow and wait for its answer
 * through `executeCommand` (the code the engine thread runs for `POST …/runs?wait=`),
 * against a fresh migrated SQLite file, for SECONDS; ROUNDS times after WARMUP runs.
 *
 *   npm run bench:runtime                      # knobs: WORKLOAD, CLIENTS, SECONDS, ROUNDS, WARMUP
 *
 * Prints one JSON line per round: runs/s, CPU ms per run (the whole process: this thread
 * and V8's helpers), and with HEAP_PROFILE=1, KB allocated per run (V8's sampling heap
 * profiler, collected objects included). Sequential cost: CLIENTS=1. The machine's speed
 * drifts: compare two checkouts by alternating runs (bench/README.md).
 * CPU_PROFILE=<prefix> writes a V8 CPU profile of each round (after the warm-up) to
 * <prefix>.<round>.cpuprofile; PAGE_SIZE creates the database with that SQLite page size;
 * KEEP_DB=1 keeps the database file and prints its path.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { applyMigrations } from "../lib/db/migrations";
import { percentile, round as roundTo } from "./http-load";
import { loadWorkload } from "./workloads";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}
const allocated = (node: SamplingNode): number => node.children.reduce((sum, c) => sum + allocated(c), node.selfSize);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "switchyard-runtime-bench-"));
  const file = path.join(dir, "bench.db");
  const setup = new Database(file);
  if (process.env.PAGE_SIZE) setup.pragma(`page_size = ${process.env.PAGE_SIZE}`);
  applyMigrations(setup);
  setup.close();
  process.env.DATABASE_URL = `file:${file}`;
  // Imported after DATABASE_URL is set: the runtime opens its database on first use.
  const { executeCommand } = await import("../lib/runtime/host/dispatch");
  const { createWorkflow } = await import("../lib/services/workflows");
  const { getActor } = await import("../lib/http/actor");
  const actor = getActor(new Request("http://bench.local/"));

  const workload = process.env.WORKLOAD ?? "chain_10";
  const graph = loadWorkload<Parameters<typeof createWorkflow>[0]["graph"]>(workload);
  const workflow = await createWorkflow({ name: workload, graph, actor });
  const trigger = async () => {
    const outcome = await executeCommand({ op: "trigger", workflowId: workflow.id, input: {}, options: {}, actor, waitMs: 60_000 });
    if (!outcome.ok || !outcome.json.includes('"status":"completed"')) throw new Error(`a run did not complete: ${JSON.stringify(outcome).slice(0, 300)}`);
  };
  for (let i = 0; i < env("WARMUP", 1000); i++) await trigger();

  const session = new Session();
  session.connect();
  const clients = env("CLIENTS", 100);
  const ms = env("SECONDS", 8) * 1000;
  for (let round = 0; round < env("ROUNDS", 3); round++) {
    if (process.env.HEAP_PROFILE) await session.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    if (process.env.CPU_PROFILE) {
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 100 });
      await session.post("Profiler.start");
    }
    let runs = 0;
    const latencies: number[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() - t0 < ms) {
          const start = performance.now();
          await trigger();
          latencies.push(performance.now() - start);
          runs++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const line: Record<string, unknown> = {
      bench: "runtime.trigger_wait",
      workload,
      clients,
      runs,
      runs_per_s: Math.round(runs / seconds),
      cpu_ms_per_run: Number(((cpu.user + cpu.system) / 1000 / runs).toFixed(3)),
      p50_ms: roundTo(percentile(latencies, 50)),
      p99_ms: roundTo(percentile(latencies, 99)),
      max_ms: roundTo(latencies[latencies.length - 1]),
    };
    if (process.env.HEAP_PROFILE) {
      const { profile } = await session.post("HeapProfiler.stopSampling");
      line.kb_allocated_per_run = Number((allocated(profile.head as SamplingNode) / 1024 / runs).toFixed(1));
    }
    if (process.env.CPU_PROFILE) {
      const { profile } = await session.post("Profiler.stop");
      const profileFile = `${process.env.CPU_PROFILE}.${round}.cpuprofile`;
      writeFileSync(profileFile, JSON.stringify(profile));
      line.cpu_profile = profileFile;
    }
    console.log(JSON.stringify(line));
  }
  session.disconnect();
  if (process.env.KEEP_DB) console.error(`database kept at ${file}`);
  else rmSync(dir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

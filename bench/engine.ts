/**
 * Engine benchmark: runs a workload in-process and prints one JSON line.
 *
 *   npm run bench -- <workload.json> [--store memory|sqlite|postgres] [--synchronous-commit on|off] [--runs 5]
 *
 * (`npm run bench` runs it with node's `react-server` condition, under which lib/db's
 * `server-only` guard imports as empty; plain `tsx bench/engine.ts` stops at it.)
 *
 * Each run gets a fresh store (sqlite: a fresh database file with the production
 * pragmas and a checkpoint per node; postgres: a fresh database on the test server, see
 * bench/stores.ts, `--synchronous-commit off` for commits that do not wait for the WAL flush),
 * so runs are independent; the median is reported.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Engine } from "../engine/engine";
import { graphSchema } from "../engine/graph/schema";
import { defaultToolRegistry } from "../engine/tools/registry";
import { makeBenchStore, type BenchStoreKind } from "./stores";
import { runMain } from "./main";

interface Args {
  workload: string;
  store: BenchStoreKind;
  /** PostgreSQL only: left out, the server's setting. */
  synchronousCommit?: "on" | "off";
  runs: number;
}

const STORES: readonly BenchStoreKind[] = ["memory", "sqlite", "postgres"];

function parseArgs(argv: string[]): Args {
  const args: Args = { workload: "", store: "memory", runs: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--store") {
      const kind = argv[++i] as BenchStoreKind;
      if (!STORES.includes(kind)) throw new Error(`--store: one of ${STORES.join(", ")}`);
      args.store = kind;
    } else if (a === "--synchronous-commit") {
      const value = argv[++i];
      if (value !== "on" && value !== "off") throw new Error("--synchronous-commit: on or off");
      args.synchronousCommit = value;
    } else if (a === "--runs") args.runs = Math.max(1, Number(argv[++i]) || 1);
    else args.workload = a;
  }
  if (!args.workload) throw new Error("usage: bench/engine.ts <workload.json> [--store memory|sqlite|postgres] [--synchronous-commit on|off] [--runs 5]");
  return args;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function runOnce(graphJson: unknown, args: Args, i: number) {
  const graph = graphSchema.parse(graphJson);
  const bench = await makeBenchStore(args.store, args.synchronousCommit ? { synchronousCommit: args.synchronousCommit } : {});
  try {
    const engine = new Engine({ store: bench.store, tools: defaultToolRegistry() });
    await bench.prepareWorkflow("bench");
    const runId = `bench-${i}`;
    await bench.store.createRun({ id: runId, workflow_id: "bench", workflow_version: 1, graph, input: { topic: "benchmarks" }, options: {}, created_at: Date.now() });
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const run = await (await engine.start(runId)).done;
    const wall = performance.now() - t0;
    const { user, system } = process.cpuUsage(cpu0);
    if (run.status !== "completed") throw new Error(`run ended ${run.status}: ${run.error_message}`);
    return { wall, cpu: (user + system) / 1000, nodes: run.node_executions };
  } finally {
    await bench.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const graphJson = JSON.parse(readFileSync(args.workload, "utf8"));
  await runOnce(graphJson, args, -1); // warm-up: JIT and module loading are not the engine's per-node cost
  const walls: number[] = [];
  const cpus: number[] = [];
  let nodes = 0;
  for (let i = 0; i < args.runs; i++) {
    const r = await runOnce(graphJson, args, i);
    walls.push(r.wall);
    cpus.push(r.cpu);
    nodes = r.nodes;
  }
  const wall = median(walls);
  console.log(
    JSON.stringify({
      workload: path.basename(args.workload, ".json"),
      store: args.store,
      ...(args.synchronousCommit ? { synchronous_commit: args.synchronousCommit } : {}),
      nodes_executed: nodes,
      runs: args.runs,
      wall_ms_median: Number(wall.toFixed(2)),
      per_node_us_median: Number(((wall * 1000) / nodes).toFixed(1)),
      // This process's CPU time (a database server's own is not in it).
      cpu_per_node_us_median: Number(((median(cpus) * 1000) / nodes).toFixed(1)),
    }),
  );
}

runMain(main);

/**
 * Engine benchmark: runs a workload in-process and prints one JSON line.
 *
 *   npx tsx bench/engine.ts <workload.json> [--store memory|sqlite] [--runs 5]
 *
 * Each run gets a fresh store (sqlite: a fresh database file with the production
 * pragmas and a checkpoint per node), so runs are independent; the median is reported.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Engine } from "../engine/engine";
import { graphSchema } from "../engine/graph/schema";
import { defaultToolRegistry } from "../engine/tools/registry";
import { makeBenchStore } from "./stores";
import { runMain } from "./main";

interface Args {
  workload: string;
  store: "memory" | "sqlite";
  runs: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { workload: "", store: "memory", runs: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--store") args.store = argv[++i] === "sqlite" ? "sqlite" : "memory";
    else if (a === "--runs") args.runs = Math.max(1, Number(argv[++i]) || 1);
    else args.workload = a;
  }
  if (!args.workload) throw new Error("usage: bench/engine.ts <workload.json> [--store memory|sqlite] [--runs 5]");
  return args;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function runOnce(graphJson: unknown, kind: Args["store"], i: number) {
  const graph = graphSchema.parse(graphJson);
  const bench = await makeBenchStore(kind);
  try {
    const engine = new Engine({ store: bench.store, tools: defaultToolRegistry() });
    await bench.prepareWorkflow("bench");
    const runId = `bench-${i}`;
    await bench.store.createRun({ id: runId, workflow_id: "bench", workflow_version: 1, graph, input: { topic: "benchmarks" }, options: {}, created_at: Date.now() });
    const t0 = performance.now();
    const run = await (await engine.start(runId)).done;
    const wall = performance.now() - t0;
    if (run.status !== "completed") throw new Error(`run ended ${run.status}: ${run.error_message}`);
    return { wall, nodes: run.node_executions };
  } finally {
    await bench.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const graphJson = JSON.parse(readFileSync(args.workload, "utf8"));
  await runOnce(graphJson, args.store, -1); // warm-up: JIT and module loading are not the engine's per-node cost
  const walls: number[] = [];
  let nodes = 0;
  for (let i = 0; i < args.runs; i++) {
    const r = await runOnce(graphJson, args.store, i);
    walls.push(r.wall);
    nodes = r.nodes;
  }
  const wall = median(walls);
  console.log(
    JSON.stringify({
      workload: path.basename(args.workload, ".json"),
      store: args.store,
      nodes_executed: nodes,
      runs: args.runs,
      wall_ms_median: Number(wall.toFixed(2)),
      per_node_us_median: Number(((wall * 1000) / nodes).toFixed(1)),
    }),
  );
}

runMain(main);

/**
 * Micro-benchmark of the engine's per-node store writes on a chain of n nodes:
 *   1. commit: the step inserted as `running` + a `step.started` event;
 *   2. commit: the step finished + a delta checkpoint adding one ~90-byte key to a growing
 *      state (plus completed, queue and scheduler meta) + run totals + 2 events.
 * Two ways of calling: `awaited` waits for each commit (two transactions per node);
 * `pipelined` issues both and waits once per node, as the engine's driver does (its
 * commits are write-behind), so group commit puts them in one transaction.
 * Prints µs per node, wall and CPU (postgres: of this process only, the server's is not
 * counted). Run: `node --conditions=react-server --import tsx bench/store-commit.ts`.
 */
import type { EngineEvent, RunStore, RunWrite, SchedulerMeta, State, StepRecord } from "../engine/ports";
import { graphSchema } from "../engine/graph/schema";
import { makeBenchStore } from "./stores";

const SIZES = [10, 100, 1000];
const REPEATS = 3;
type Mode = "awaited" | "pipelined";

interface Timing {
  wall: number;
  cpu: number;
}

/** The two writes of node i of a chain (mutates the run's running state like the engine). */
function nodeWrites(runId: string, i: number, n: number, run: { state: State; completed: string[]; meta: SchedulerMeta }): [RunWrite, RunWrite] {
  const nodeId = `n${i}`;
  const step: StepRecord = {
    id: `${runId}-s${i}`, run_id: runId, seq: i, node_id: nodeId, node_type: "agent", status: "running", input_checkpoint: i - 1,
    output: null, error: null, cost_micros: 0, tokens_in: 0, tokens_out: 0, model: "mock", attempt: 1,
    idempotency_key: `${runId}:${nodeId}:1`, started_at: Date.now(), finished_at: null, duration_ms: null,
  };
  const started: RunWrite = { run_id: runId, steps: [step], events: [{ type: "step.started", run_id: runId, step }] };
  const output = `reply of ${nodeId}: ${"x".repeat(70)}`;
  run.state[`out_${nodeId}`] = output;
  run.completed.push(nodeId);
  delete run.meta.marks[nodeId];
  run.meta.marks[`n${i + 1}`] = { [`e${i}`]: "fired" };
  run.meta.node_executions = i;
  const done: StepRecord = { ...step, status: "completed", output, cost_micros: 12, tokens_in: 30, tokens_out: 20, finished_at: Date.now(), duration_ms: 1 };
  const events: EngineEvent[] = [
    { type: "step.finished", run_id: runId, step: done },
    { type: "run.status", run_id: runId, status: "running", error_message: null, cost_micros: 12 * i, tokens_in: 30 * i, tokens_out: 20 * i, duration_ms: null, pending_gate: null },
  ];
  const queue = i < n ? [{ node_id: `n${i + 1}`, n: 1, edge_id: `e${i}` }] : [];
  const settled: RunWrite = {
    run_id: runId,
    steps: [done],
    checkpoint: { run_id: runId, seq: i, step_name: `node:${nodeId}`, state: run.state, changed: [`out_${nodeId}`], completed: run.completed, queue, meta: run.meta, created_at: Date.now() },
    run: { cost_micros: 12 * i, tokens_in: 30 * i, tokens_out: 20 * i, node_executions: i },
    events,
  };
  return [started, settled];
}

/** µs per node: wall time, and CPU time of this process (less sensitive to a busy machine). */
async function chain(store: RunStore, runId: string, workflowId: string, n: number, mode: Mode): Promise<Timing> {
  const graph = graphSchema.parse({ nodes: [], edges: [] });
  await store.createRun({ id: runId, workflow_id: workflowId, workflow_version: 1, graph, input: { topic: "bench" }, options: {}, created_at: Date.now() });
  const run = { state: { input: { topic: "bench" }, topic: "bench" } as State, completed: [] as string[], meta: { marks: {}, node_executions: 0, elapsed_ms: 0 } as SchedulerMeta };
  const start: RunWrite = { run_id: runId, run: { status: "running", started_at: Date.now() } };
  start.checkpoint = { run_id: runId, seq: 0, step_name: "run_start", state: run.state, changed: null, completed: run.completed, queue: [{ node_id: "n1", n: 1 }], meta: run.meta, created_at: Date.now() };
  await store.commit(start);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let i = 1; i <= n; i++) {
    const [first, second] = nodeWrites(runId, i, n, run);
    if (mode === "awaited") {
      await store.commit(first);
      await store.commit(second);
    } else {
      void store.commit(first);
      await store.commit(second);
    }
  }
  const cpu = process.cpuUsage(cpuStarted);
  return { wall: ((performance.now() - started) * 1000) / n, cpu: (cpu.user + cpu.system) / n };
}

async function main(): Promise<void> {
  console.log(`µs per node (best of ${REPEATS}): wall / CPU, chain of n nodes`);
  console.log(["store".padEnd(20), ...SIZES.map((n) => `n=${n}`.padStart(16))].join(""));
  for (const kind of ["memory", "sqlite", "postgres"] as const) {
    for (const mode of ["awaited", "pipelined"] as const) {
      const bench = await makeBenchStore(kind);
      const cells: string[] = [];
      let run = 0;
      for (const n of SIZES) {
        const best: Timing = { wall: Infinity, cpu: Infinity };
        for (let r = 0; r < REPEATS; r++) {
          run += 1;
          await bench.prepareWorkflow(`wf-${run}`);
          const t = await chain(bench.store, `run-${run}`, `wf-${run}`, n, mode);
          best.wall = Math.min(best.wall, t.wall);
          best.cpu = Math.min(best.cpu, t.cpu);
        }
        cells.push(`${best.wall.toFixed(0)} / ${best.cpu.toFixed(0)}`.padStart(16));
      }
      await bench.close();
      console.log([`${kind} ${mode}`.padEnd(20), ...cells].join(""));
    }
  }
}

void main();

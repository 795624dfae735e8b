/**
 * Hand-built records for the RunStore contract (`contract.ts`): the suite must not depend
 * on the engine, only on the port's types.
 */
import { graphSchema, type Graph } from "../graph/schema";
import type { CheckpointWrite, EngineEvent, NewRun, RunStatus, SchedulerMeta, State, StepRecord } from "../ports";

/** A small valid graph, parsed so defaults are filled in (what a store hands back). */
export const contractGraph: Graph = graphSchema.parse({
  nodes: [
    { id: "ask", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock", user_message: "{question}" } },
    { id: "check", type: "condition", position: { x: 200, y: 0 }, config: { expression: "len(answer) > 0" } },
  ],
  edges: [{ id: "e1", source: "ask", target: "check" }],
  settings: { max_node_executions: 50 },
});

export function newRun(id: string, workflowId: string, overrides: Partial<NewRun> = {}): NewRun {
  return {
    id,
    workflow_id: workflowId,
    workflow_version: 1,
    graph: contractGraph,
    input: { question: "why?", nested: { list: [1, 2] } },
    options: { budget_usd: 1.5, max_parallel_nodes: 2 },
    created_at: 1_764_547_200_123,
    triggered_by: { type: "user", id: "u-ada", name: "Ada Lovelace" },
    ...overrides,
  };
}

export function step(runId: string, seq: number, overrides: Partial<StepRecord> = {}): StepRecord {
  return {
    id: `${runId}-s${seq}`,
    run_id: runId,
    seq,
    node_id: `node${seq}`,
    node_type: "agent",
    status: "running",
    input_checkpoint: seq - 1,
    output: null,
    error: null,
    cost_micros: 0,
    tokens_in: 0,
    tokens_out: 0,
    model: "mock",
    attempt: 1,
    idempotency_key: `${runId}:node${seq}:1`,
    started_at: 1_764_547_200_500 + seq,
    finished_at: null,
    duration_ms: null,
    ...overrides,
  };
}

export function statusEvent(runId: string, status: RunStatus, costMicros = 0): EngineEvent {
  return { type: "run.status", run_id: runId, status, error_message: null, cost_micros: costMicros, tokens_in: 1, tokens_out: 2, duration_ms: null, pending_gate: null };
}

export function meta(nodeExecutions: number): SchedulerMeta {
  return { marks: { check: { e1: "fired" } }, node_executions: nodeExecutions, elapsed_ms: nodeExecutions * 3 };
}

export function checkpoint(runId: string, seq: number, state: State, changed: string[] | null, completed: string[] = []): CheckpointWrite {
  return {
    run_id: runId,
    seq,
    step_name: seq === 0 ? "run_start" : `node:node${seq}`,
    state,
    changed,
    completed,
    queue: [{ node_id: `node${seq + 1}`, n: 1, edge_id: `e${seq}` }],
    meta: meta(seq),
    created_at: 1_764_547_201_000 + seq,
  };
}

/** Deep copy through JSON, for expected values taken before further mutation. */
export const snapshot = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

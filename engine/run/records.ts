/**
 * Factories for the records the driver writes: steps, checkpoints, events. Every record
 * handed to the store is a fresh object, so later bookkeeping never mutates what was written.
 */
import type { GraphNode } from "../graph/schema";
import type { CheckpointTag, CheckpointWrite, EngineEvent, QueueItem, RunRecord, SchedulerMeta, State, StepRecord, StepStatus } from "../ports";

/** Idempotency key of one node execution (SPEC §5). */
export function idempotencyKey(runId: string, nodeId: string, n: number): string {
  return `${runId}:${nodeId}:${n}`;
}

export function stepId(runId: string, seq: number): string {
  return `${runId}-${seq}`;
}

export function newStep(runId: string, seq: number, node: GraphNode, status: StepStatus, key: string, inputCheckpoint: number, now: number): StepRecord {
  const settled = status === "skipped";
  return {
    id: stepId(runId, seq),
    run_id: runId,
    seq,
    node_id: node.id,
    node_type: node.type,
    status,
    input_checkpoint: inputCheckpoint,
    output: null,
    error: null,
    cost_micros: 0,
    tokens_in: 0,
    tokens_out: 0,
    model: node.type === "agent" ? node.config.model : null,
    attempt: settled ? 0 : 1,
    idempotency_key: key,
    started_at: now,
    finished_at: settled ? now : null,
    duration_ms: settled ? 0 : null,
  };
}

/** The step closed with a final status at `now`. */
export function finishStep(step: StepRecord, status: StepStatus, now: number, patch: Partial<StepRecord> = {}): StepRecord {
  return { ...step, ...patch, status, finished_at: now, duration_ms: step.started_at === null ? null : now - step.started_at };
}

/** Deep-enough copy of the scheduler bookkeeping (its values are plain numbers/strings). */
export function copyMeta(meta: SchedulerMeta): SchedulerMeta {
  const marks: SchedulerMeta["marks"] = {};
  for (const [node, m] of Object.entries(meta.marks)) marks[node] = { ...m };
  return { marks, node_executions: meta.node_executions, elapsed_ms: meta.elapsed_ms };
}

export function checkpointWrite(
  runId: string,
  seq: number,
  tag: CheckpointTag,
  state: State,
  changed: string[] | null,
  completed: string[],
  queue: QueueItem[],
  meta: SchedulerMeta,
  now: number,
): CheckpointWrite {
  return { run_id: runId, seq, step_name: tag, state, changed, completed, queue, meta: copyMeta(meta), created_at: now };
}

/** The run's `run.status` event; `at`: when it reached the status (the time its write records, e.g. `finished_at`). */
export function statusEvent(run: Pick<RunRecord, "id" | "status" | "error_message" | "cost_micros" | "tokens_in" | "tokens_out" | "duration_ms" | "pending_gate">, at?: number): EngineEvent {
  return {
    type: "run.status",
    run_id: run.id,
    status: run.status,
    error_message: run.error_message,
    cost_micros: run.cost_micros,
    tokens_in: run.tokens_in,
    tokens_out: run.tokens_out,
    duration_ms: run.duration_ms,
    pending_gate: run.pending_gate,
    ...(at === undefined ? {} : { at }),
  };
}

/**
 * Mapping between the engine's run records (engine/ports.ts) and the rows of `runs`,
 * `steps`, `checkpoints` and `run_events` as Prisma's schema defines them. JSON columns
 * are TEXT; DATETIME columns hold what Prisma's SQLite adapter writes (ISO 8601 with a
 * `+00:00` offset) so Prisma reads these rows back and text comparisons sort correctly.
 */
import type { CheckpointTag, EngineEvent, PendingGate, RunPatch, RunRecord, RunStatus, StepRecord, StepStatus, StoredEvent } from "../../engine/ports";
import type { NodeType } from "../../engine/graph/schema";
import type { EncodedCheckpoint } from "../../engine/store/checkpoint-codec";
import { epochMs, sqlTime } from "./timestamps";

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));
const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export interface RunRow {
  id: string; workflow_id: string; workflow_version: number; status: string; input: string; options: string;
  output: string | null; cost_micros: number; tokens_in: number; tokens_out: number; node_executions: number;
  duration_ms: number | null; error_message: string | null; pending_gate: string | null;
  created_at: string; started_at: string | null; finished_at: string | null;
  created_by?: string; created_by_type?: string; created_by_name?: string; created_by_owner?: string | null;
}

/** The `created_by*` columns as the run's trigger. */
function triggerOf(row: RunRow): NonNullable<RunRecord["triggered_by"]> {
  const id = row.created_by as string;
  const trigger = { type: row.created_by_type ?? "system", id, name: row.created_by_name ?? id };
  return row.created_by_owner ? { ...trigger, owner_id: row.created_by_owner } : trigger;
}

export function runFromRow(row: RunRow): RunRecord {
  return {
    id: row.id, workflow_id: row.workflow_id, workflow_version: row.workflow_version, status: row.status as RunStatus,
    input: JSON.parse(row.input), options: JSON.parse(row.options), output: parse(row.output),
    cost_micros: row.cost_micros, tokens_in: row.tokens_in, tokens_out: row.tokens_out, node_executions: row.node_executions,
    duration_ms: row.duration_ms, error_message: row.error_message, pending_gate: parse<PendingGate>(row.pending_gate),
    created_at: epochMs(row.created_at) as number, started_at: epochMs(row.started_at), finished_at: epochMs(row.finished_at),
    ...(row.created_by === undefined ? {} : { triggered_by: triggerOf(row) }),
  };
}

/** How each patchable run field becomes its column value. */
const RUN_PATCH_COLUMNS: { [K in keyof Required<RunPatch>]: (value: RunPatch[K]) => unknown } = {
  status: (v) => v,
  options: (v) => JSON.stringify(v ?? {}),
  output: json,
  cost_micros: (v) => v,
  tokens_in: (v) => v,
  tokens_out: (v) => v,
  node_executions: (v) => v,
  duration_ms: (v) => v ?? null,
  error_message: (v) => v ?? null,
  pending_gate: json,
  started_at: (v) => sqlTime(v ?? null),
  finished_at: (v) => sqlTime(v ?? null),
};

/** The patchable run fields in a fixed order: bit i of a patch's mask stands for field i. */
const PATCH_FIELDS = Object.keys(RUN_PATCH_COLUMNS) as (keyof RunPatch)[];

/**
 * The fields a patch sets, as a bit mask (patches setting the same fields share one
 * prepared statement, {@link runPatchSql}), and their column values in that order. Runs for
 * every node a run settles, so it allocates only the values array.
 */
export function runPatchColumns(patch: RunPatch): { mask: number; values: unknown[] } {
  let mask = 0;
  const values: unknown[] = [];
  for (let i = 0; i < PATCH_FIELDS.length; i++) {
    const value = patch[PATCH_FIELDS[i]];
    if (value === undefined) continue;
    mask |= 1 << i;
    values.push((RUN_PATCH_COLUMNS[PATCH_FIELDS[i]] as (v: unknown) => unknown)(value));
  }
  for (const key in patch) {
    if (!Object.hasOwn(RUN_PATCH_COLUMNS, key) && patch[key as keyof RunPatch] !== undefined) throw new Error(`run field "${key}" cannot be patched`);
  }
  return { mask, values };
}

/** The UPDATE for the fields of `mask` (see {@link runPatchColumns}), then the run id. */
export function runPatchSql(mask: number, dropLease = false): string {
  const columns = PATCH_FIELDS.filter((_, i) => mask & (1 << i));
  const lease = dropLease ? ", lease_owner = NULL, lease_expires_at = NULL" : "";
  return `UPDATE runs SET ${columns.map((c) => `${c} = ?`).join(", ")}${lease} WHERE id = ?`;
}

export interface StepRow {
  id: string; run_id: string; seq: number; node_id: string; node_type: string; status: string; input_checkpoint: number;
  output: string | null; error: string | null; cost_micros: number; tokens_in: number; tokens_out: number;
  model: string | null; attempt: number; idempotency_key: string;
  started_at: string | null; finished_at: string | null; duration_ms: number | null;
}

export const STEP_COLUMNS = [
  "id", "run_id", "seq", "node_id", "node_type", "status", "input_checkpoint", "output", "error", "cost_micros",
  "tokens_in", "tokens_out", "model", "attempt", "idempotency_key", "started_at", "finished_at", "duration_ms",
] as const;

export function stepToRow(step: StepRecord): StepRow {
  return {
    ...step, output: json(step.output), error: step.error ?? null, model: step.model ?? null,
    started_at: sqlTime(step.started_at ?? null), finished_at: sqlTime(step.finished_at ?? null), duration_ms: step.duration_ms ?? null,
  };
}

/**
 * A step as writing its row and reading it back gives it ({@link stepToRow} then
 * {@link stepFromRow}) without the round trip: fields the row holds as NULL are null, not
 * absent. Values stay the caller's own (the output is not copied).
 */
export function storedStep(step: StepRecord): StepRecord {
  return {
    ...step, output: step.output ?? null, error: step.error ?? null, model: step.model ?? null,
    started_at: step.started_at ?? null, finished_at: step.finished_at ?? null, duration_ms: step.duration_ms ?? null,
  };
}

/**
 * Adds `patch` to `into` as the run's row takes it: a field given as undefined is left as it
 * was (as {@link runPatchColumns} leaves its column). Values stay the caller's own.
 */
export function patchStored(into: RunPatch, patch: RunPatch): void {
  for (const [field, value] of Object.entries(patch)) if (value !== undefined) (into as Record<string, unknown>)[field] = value;
}

export function stepFromRow(row: StepRow): StepRecord {
  return {
    ...row, node_type: row.node_type as NodeType, status: row.status as StepStatus, output: parse(row.output),
    started_at: epochMs(row.started_at), finished_at: epochMs(row.finished_at),
  };
}

export interface CheckpointRow extends Omit<EncodedCheckpoint, "created_at" | "step_name"> {
  step_name: string;
  created_at: string;
}

export function checkpointToRow(cp: EncodedCheckpoint): CheckpointRow {
  return { ...cp, created_at: sqlTime(cp.created_at) };
}

export function checkpointFromRow(row: CheckpointRow): EncodedCheckpoint {
  return { ...row, step_name: row.step_name as CheckpointTag, created_at: epochMs(row.created_at) as number };
}

export interface EventRow { run_id: string; seq: number; type: string; data: string; created_at: string }

export function eventFromRow(row: EventRow): StoredEvent {
  return { run_id: row.run_id, seq: row.seq, type: row.type as StoredEvent["type"], data: JSON.parse(row.data) as EngineEvent, created_at: epochMs(row.created_at) as number };
}

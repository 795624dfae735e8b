/**
 * Mapping between the engine's run records and the PostgreSQL rows of `runs`, `steps`,
 * `checkpoints` and `run_events` (the same tables and columns as SQLite's, lib/db/run-rows.ts).
 * JSON columns are text. Timestamps are written as the text lib/db/timestamps.ts formats (ISO
 * 8601 with an offset, which timestamptz parses) and read back as epoch ms by the statements
 * themselves ({@link MS}), so no row goes through a JavaScript Date.
 */
import type { CheckpointTag, EngineEvent, PendingGate, RunPatch, RunRecord, RunStatus, StepRecord, StepStatus, StoredEvent } from "../../../engine/ports";
import type { NodeType } from "../../../engine/graph/schema";
import type { EncodedCheckpoint } from "../../../engine/store/checkpoint-codec";
import { sqlTime } from "../timestamps";

/** A timestamptz column as epoch ms (bigint, read as a number), or NULL. */
export const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));
const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export interface RunRow {
  id: string; workflow_id: string; workflow_version: number; status: string; input: string; options: string;
  output: string | null; cost_micros: number; tokens_in: number; tokens_out: number; node_executions: number;
  duration_ms: number | null; error_message: string | null; pending_gate: string | null;
  created_at: number; started_at: number | null; finished_at: number | null;
  created_by: string; created_by_type: string; created_by_name: string; created_by_owner: string | null;
}

/** The columns of {@link RunRow}, timestamps as epoch ms. */
export const RUN_SELECT = `id, workflow_id, workflow_version, status, input, options, output, cost_micros, tokens_in, tokens_out,
  node_executions, duration_ms, error_message, pending_gate, ${MS("created_at")} AS created_at, ${MS("started_at")} AS started_at,
  ${MS("finished_at")} AS finished_at, created_by, created_by_type, created_by_name, created_by_owner`;

export function runFromRow(row: RunRow): RunRecord {
  const trigger = { type: row.created_by_type, id: row.created_by, name: row.created_by_name };
  return {
    id: row.id, workflow_id: row.workflow_id, workflow_version: row.workflow_version, status: row.status as RunStatus,
    input: JSON.parse(row.input), options: JSON.parse(row.options), output: parse(row.output),
    cost_micros: row.cost_micros, tokens_in: row.tokens_in, tokens_out: row.tokens_out, node_executions: row.node_executions,
    duration_ms: row.duration_ms, error_message: row.error_message, pending_gate: parse<PendingGate>(row.pending_gate),
    created_at: row.created_at, started_at: row.started_at, finished_at: row.finished_at,
    triggered_by: row.created_by_owner ? { ...trigger, owner_id: row.created_by_owner } : trigger,
  };
}

/**
 * The patchable run fields, in a fixed order (bit i of a patch's mask is field i), with their
 * column types and how each value becomes its column's. The bulk UPDATE of a group commit
 * (run-statements.ts) sets each field whose bit is set, from one array per field.
 */
export const PATCH_FIELDS = [
  ["status", "text", (v: RunPatch["status"]) => v],
  ["options", "text", (v: RunPatch["options"]) => JSON.stringify(v ?? {})],
  ["output", "text", (v: RunPatch["output"]) => json(v)],
  ["cost_micros", "bigint", (v: RunPatch["cost_micros"]) => v],
  ["tokens_in", "bigint", (v: RunPatch["tokens_in"]) => v],
  ["tokens_out", "bigint", (v: RunPatch["tokens_out"]) => v],
  ["node_executions", "integer", (v: RunPatch["node_executions"]) => v],
  ["duration_ms", "bigint", (v: RunPatch["duration_ms"]) => v ?? null],
  ["error_message", "text", (v: RunPatch["error_message"]) => v ?? null],
  ["pending_gate", "text", (v: RunPatch["pending_gate"]) => json(v)],
  ["started_at", "timestamptz", (v: RunPatch["started_at"]) => sqlTime(v ?? null)],
  ["finished_at", "timestamptz", (v: RunPatch["finished_at"]) => sqlTime(v ?? null)],
] as const satisfies readonly (readonly [keyof RunPatch, string, (v: never) => unknown])[];

// Every patchable field is listed (a compile error otherwise).
type Unlisted = Exclude<keyof RunPatch, (typeof PATCH_FIELDS)[number][0]>;
const _everyPatchFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;

const PATCHABLE = new Set<string>(PATCH_FIELDS.map(([f]) => f));

/**
 * A run's patches of one group commit, merged in write order: per field the last value given,
 * `mask` the fields set, `dropLease` whether one of them settled the run.
 */
export interface MergedPatch {
  mask: number;
  values: unknown[];
  dropLease: boolean;
}

export const emptyPatch = (): MergedPatch => ({ mask: 0, values: new Array(PATCH_FIELDS.length).fill(null), dropLease: false });

/** Adds `patch` to `into` (later fields win); throws on a field that cannot be patched. */
export function mergePatch(into: MergedPatch, patch: RunPatch, dropLease: boolean): void {
  for (const key in patch) {
    if (!PATCHABLE.has(key) && patch[key as keyof RunPatch] !== undefined) throw new Error(`run field "${key}" cannot be patched`);
  }
  for (let i = 0; i < PATCH_FIELDS.length; i++) {
    const [field, , toColumn] = PATCH_FIELDS[i];
    const value = patch[field];
    if (value === undefined) continue;
    into.mask |= 1 << i;
    into.values[i] = (toColumn as (v: unknown) => unknown)(value);
  }
  into.dropLease ||= dropLease;
}

export interface StepRow {
  id: string; run_id: string; seq: number; node_id: string; node_type: string; status: string; input_checkpoint: number;
  output: string | null; error: string | null; cost_micros: number; tokens_in: number; tokens_out: number;
  model: string | null; attempt: number; idempotency_key: string;
  started_at: number | null; finished_at: number | null; duration_ms: number | null;
}

/** The step columns a write binds, in order, with their types (the table's own order after `run_num`). */
export const STEP_COLUMNS = [
  ["id", "text"], ["run_id", "text"], ["seq", "integer"], ["node_id", "text"], ["node_type", "text"], ["status", "text"],
  ["input_checkpoint", "integer"], ["output", "text"], ["error", "text"], ["cost_micros", "bigint"], ["tokens_in", "integer"],
  ["tokens_out", "integer"], ["model", "text"], ["attempt", "integer"], ["idempotency_key", "text"],
  ["started_at", "timestamptz"], ["finished_at", "timestamptz"], ["duration_ms", "bigint"],
] as const satisfies readonly (readonly [keyof StepRow, string])[];

export const STEP_SELECT = STEP_COLUMNS.map(([c, type]) => (type === "timestamptz" ? `${MS(c)} AS ${c}` : c)).join(", ");

/** A step's column values in {@link STEP_COLUMNS} order. */
export function stepValues(step: StepRecord): unknown[] {
  return [
    step.id, step.run_id, step.seq, step.node_id, step.node_type, step.status, step.input_checkpoint, json(step.output),
    step.error ?? null, step.cost_micros, step.tokens_in, step.tokens_out, step.model ?? null, step.attempt, step.idempotency_key,
    sqlTime(step.started_at ?? null), sqlTime(step.finished_at ?? null), step.duration_ms ?? null,
  ];
}

export function stepFromRow(row: StepRow): StepRecord {
  return { ...row, node_type: row.node_type as NodeType, status: row.status as StepStatus, output: parse(row.output) };
}

export type CheckpointRow = EncodedCheckpoint;

export const CHECKPOINT_COLUMNS = [
  ["run_id", "text"], ["seq", "integer"], ["step_name", "text"], ["encoding", "text"], ["base_seq", "integer"], ["state", "text"],
  ["completed", "text"], ["queue", "text"], ["meta", "text"], ["state_schema_version", "integer"], ["created_at", "timestamptz"],
] as const satisfies readonly (readonly [keyof CheckpointRow, string])[];

export const CHECKPOINT_SELECT = CHECKPOINT_COLUMNS.map(([c, type]) => (type === "timestamptz" ? `${MS(c)} AS ${c}` : c)).join(", ");

/** An encoded checkpoint's column values in {@link CHECKPOINT_COLUMNS} order. */
export function checkpointValues(cp: EncodedCheckpoint): unknown[] {
  return [cp.run_id, cp.seq, cp.step_name, cp.encoding, cp.base_seq, cp.state, cp.completed, cp.queue, cp.meta, cp.state_schema_version, sqlTime(cp.created_at)];
}

export const checkpointFromRow = (row: CheckpointRow): EncodedCheckpoint => ({ ...row, step_name: row.step_name as CheckpointTag });

export interface EventRow { run_id: string; seq: number; type: string; data: string; created_at: number }

export const EVENT_SELECT = `run_id, seq, type, data, ${MS("created_at")} AS created_at`;

export function eventFromRow(row: EventRow): StoredEvent {
  return { run_id: row.run_id, seq: row.seq, type: row.type as StoredEvent["type"], data: JSON.parse(row.data) as EngineEvent, created_at: row.created_at };
}

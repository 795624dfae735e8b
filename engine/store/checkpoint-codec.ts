/**
 * Checkpoint storage encoding (SPEC §5 lets a checkpoint be a delta against an earlier one).
 *
 * Writing the whole state after every node costs O(state) per node, so a long run costs
 * O(n²). Instead each checkpoint is stored as a delta against the previous one (only the
 * keys the engine wrote since then, and what changed in `completed`, the queue and the
 * scheduler meta), with a full
 * snapshot every `full_every` checkpoints or as soon as the deltas written since the last
 * full snapshot outweigh it. Restoring one checkpoint therefore reads at most one full
 * snapshot plus deltas of about the same size: bounded, whatever the run's length.
 *
 * Stores keep one {@link EncoderCursor} per run. A cursor is single-use: encoding
 * consumes it (it may update the copy of the meta it holds), so keep the returned cursor
 * once the row is durably written, and use null (a full snapshot) if it was not.
 */
import type { CheckpointRecord, CheckpointTag, CheckpointWrite, QueueItem, SchedulerMeta, State } from "../ports";
import { applyMetaDelta, diffMeta, type MetaDelta } from "./meta-delta";
import { applySequence, applySequenceInPlace, diffSequence, sameId, sameQueueItem, type SequenceDelta } from "./sequence-delta";
import { setOwn } from "./set-own";
import { hydrateCheckpoint, SNAPSHOT_MIGRATIONS, STATE_SCHEMA_VERSION, type SnapshotMigrations } from "./snapshot-schema";

export type CheckpointEncoding = "full" | "delta";

/** A checkpoint as stored: JSON text columns (also the deep copy that isolates it from the engine). */
export interface EncodedCheckpoint {
  run_id: string;
  seq: number;
  step_name: CheckpointTag;
  encoding: CheckpointEncoding;
  /** Full: its own seq. Delta: the seq of the checkpoint it applies to. */
  base_seq: number;
  /** Full: the state object. Delta: {@link StateDelta}. */
  state: string;
  /** Full: the id array. Delta: a {@link SequenceDelta} of ids. */
  completed: string;
  /** Full: the item array. Delta: a {@link SequenceDelta} of items. */
  queue: string;
  /** Full: the meta object. Delta: {@link MetaDelta}. */
  meta: string;
  /** The snapshot format of the build that wrote it (./snapshot-schema.ts); a delta's is its base's. */
  state_schema_version: number;
  created_at: number;
}

/** Delta of the state: keys written since the base (`set`) and keys deleted (`unset`). */
export interface StateDelta {
  set: Record<string, unknown>;
  unset: string[];
}

/** What the encoder remembers about a run's last written checkpoint. */
export interface EncoderCursor {
  last_seq: number;
  /** Bytes of the last full snapshot. */
  full_bytes: number;
  /** Bytes of the deltas written since it. */
  delta_bytes: number;
  /** Number of deltas written since it. */
  deltas: number;
  /** Private copies of the last checkpoint's `completed` and `queue`, to encode changes. */
  completed: string[];
  queue: QueueItem[];
  /** A private copy of the last checkpoint's meta, to encode what changed. */
  meta: SchedulerMeta;
}

export interface CodecPolicy {
  /** At most this many checkpoints between two full snapshots (including the full one). */
  full_every: number;
}

export const DEFAULT_CODEC_POLICY: CodecPolicy = { full_every: 256 };

const rowBytes = (parts: string[]) => parts.reduce((sum, p) => sum + p.length, 0);

/**
 * Encode one checkpoint against the run's cursor (null: first checkpoint, or unknown
 * history, which yields a full snapshot). Returns the row and the cursor to keep once the
 * row is written.
 */
export function encodeCheckpoint(
  write: CheckpointWrite,
  cursor: EncoderCursor | null,
  policy: CodecPolicy = DEFAULT_CODEC_POLICY,
): { row: EncodedCheckpoint; cursor: EncoderCursor } {
  const metaDelta = cursor && write.changed && cursor.deltas + 1 < policy.full_every ? diffMeta(cursor.meta, write.meta) : null;
  if (cursor && write.changed && metaDelta) {
    const state = JSON.stringify(stateDelta(write.state, write.changed));
    const hint = write.hint && cursor.last_seq === write.seq - 1 ? write.hint : undefined;
    const completed = JSON.stringify(hint ? completedFromHint(cursor.completed, write.completed, hint.completed_from) : diffSequence(cursor.completed, write.completed, sameId));
    const queue = JSON.stringify(hint ? { e: hint.queue_edits } : diffSequence(cursor.queue, write.queue, sameQueueItem));
    const meta = JSON.stringify(metaDelta);
    const bytes = rowBytes([state, completed, queue, meta]);
    if (cursor.delta_bytes + bytes <= cursor.full_bytes) {
      // Advance the private copies from the JSON just written: copies, not the engine's objects.
      applyMetaDelta(cursor.meta, JSON.parse(meta) as MetaDelta);
      applySequenceInPlace(cursor.completed, JSON.parse(completed) as SequenceDelta<string>);
      applySequenceInPlace(cursor.queue, JSON.parse(queue) as SequenceDelta<QueueItem>);
      const row = encoded(write, "delta", cursor.last_seq, state, completed, queue, meta);
      const next: EncoderCursor = {
        last_seq: write.seq,
        full_bytes: cursor.full_bytes,
        delta_bytes: cursor.delta_bytes + bytes,
        deltas: cursor.deltas + 1,
        completed: cursor.completed,
        queue: cursor.queue,
        meta: cursor.meta,
      };
      return { row, cursor: next };
    }
  }
  const state = JSON.stringify(write.state);
  const completed = JSON.stringify(write.completed);
  const queue = JSON.stringify(write.queue);
  const meta = JSON.stringify(write.meta);
  const row = encoded(write, "full", write.seq, state, completed, queue, meta);
  const next: EncoderCursor = {
    last_seq: write.seq,
    full_bytes: rowBytes([state, completed, queue, meta]),
    delta_bytes: 0,
    deltas: 0,
    completed: write.completed.slice(),
    queue: JSON.parse(queue) as QueueItem[],
    meta: JSON.parse(meta) as SchedulerMeta,
  };
  return { row, cursor: next };
}

/** The edit that keeps the first `from` ids of the previous list and appends the rest. */
function completedFromHint(base: readonly string[], next: readonly string[], from: number): SequenceDelta<string> {
  return from === base.length && next.length === from ? { e: [] } : { e: [[from, base.length - from, next.slice(from)]] };
}

function encoded(write: CheckpointWrite, encoding: CheckpointEncoding, base_seq: number, state: string, completed: string, queue: string, meta: string): EncodedCheckpoint {
  return { run_id: write.run_id, seq: write.seq, step_name: write.step_name, encoding, base_seq, state, completed, queue, meta, state_schema_version: STATE_SCHEMA_VERSION, created_at: write.created_at };
}

function stateDelta(state: Record<string, unknown>, changed: string[]): StateDelta {
  const delta: StateDelta = { set: {}, unset: [] };
  for (const key of new Set(changed)) {
    if (Object.hasOwn(state, key) && state[key] !== undefined) setOwn(delta.set, key, state[key]);
    else delta.unset.push(key);
  }
  return delta;
}



/**
 * The rows needed to rebuild checkpoint `seq`: its last full snapshot, then each delta up
 * to it, in order. `lookup` finds a stored row by seq. Returns null when `seq` is unknown.
 */
export function checkpointChain(seq: number, lookup: (seq: number) => EncodedCheckpoint | undefined): EncodedCheckpoint[] | null {
  const chain: EncodedCheckpoint[] = [];
  for (let row = lookup(seq); row; row = lookup(row.base_seq)) {
    chain.push(row);
    if (row.encoding === "full") return chain.reverse();
  }
  if (chain.length === 0) return null;
  throw new Error(`checkpoint ${seq} of run ${chain[0].run_id}: its delta chain is broken`);
}

/**
 * Rebuild the full checkpoint at the end of `chain` (as returned by {@link checkpointChain}),
 * as this build reads it (hydrated: ./snapshot-schema.ts).
 */
export function materialize(chain: readonly EncodedCheckpoint[], migrations: SnapshotMigrations = SNAPSHOT_MIGRATIONS): CheckpointRecord {
  return hydrateCheckpoint(materializeStored(chain), chain[0].state_schema_version, migrations);
}

/** The checkpoint at the end of `chain` as it was stored (in its own version's format). */
function materializeStored(chain: readonly EncodedCheckpoint[]): CheckpointRecord {
  const [first] = chain;
  if (!first || first.encoding !== "full") throw new Error("a checkpoint chain starts with a full snapshot");
  const state = JSON.parse(first.state) as State;
  let completed = JSON.parse(first.completed) as string[];
  let queue = JSON.parse(first.queue) as QueueItem[];
  const meta = JSON.parse(first.meta) as SchedulerMeta;
  for (let i = 1; i < chain.length; i++) {
    const row = chain[i];
    if (row.encoding !== "delta" || row.base_seq !== chain[i - 1].seq) throw new Error(`checkpoint ${row.seq}: not a delta on ${chain[i - 1].seq}`);
    sameVersion(row, chain[i - 1]);
    const delta = JSON.parse(row.state) as StateDelta;
    for (const key of Object.keys(delta.set)) setOwn(state, key, delta.set[key]);
    for (const key of delta.unset) delete state[key];
    completed = applySequence(completed, JSON.parse(row.completed) as SequenceDelta<string>);
    queue = applySequence(queue, JSON.parse(row.queue) as SequenceDelta<QueueItem>);
    applyMetaDelta(meta, JSON.parse(row.meta) as MetaDelta);
  }
  const last = chain[chain.length - 1];
  return { run_id: last.run_id, seq: last.seq, step_name: last.step_name, state, completed, queue, meta, created_at: last.created_at };
}

/** A delta is written by the build that wrote its base (an encoder cursor never outlives its process). */
function sameVersion(row: EncodedCheckpoint, base: EncodedCheckpoint): void {
  if (row.state_schema_version !== base.state_schema_version) {
    throw new Error(`checkpoint ${row.seq} of run ${row.run_id}: a delta of state schema version ${row.state_schema_version} on a base of version ${base.state_schema_version}`);
  }
}

/**
 * Materialize every row of a run (any order in, seq order out) in one forward pass: each
 * delta applies to the record before it, so a run of n checkpoints costs O(n) parses, not
 * one chain per checkpoint. Records have their own top-level state, lists and meta, but
 * share nested values with their neighbours: treat them as read-only.
 */
export function materializeAll(rows: readonly EncodedCheckpoint[], migrations: SnapshotMigrations = SNAPSHOT_MIGRATIONS): CheckpointRecord[] {
  const sorted = [...rows].sort((a, b) => a.seq - b.seq);
  const bySeq = new Map(sorted.map((r) => [r.seq, r]));
  // As stored (deltas apply to these), and as this build reads them (what is returned).
  const done = new Map<number, CheckpointRecord>();
  return sorted.map((row) => {
    const base = row.encoding === "delta" ? done.get(row.base_seq) : undefined;
    if (base) sameVersion(row, bySeq.get(row.base_seq) as EncodedCheckpoint);
    const stored = base ? applyDeltaRow(base, row) : materializeStored(checkpointChain(row.seq, (seq) => bySeq.get(seq)) ?? []);
    done.set(row.seq, stored);
    return hydrateCheckpoint(stored, row.state_schema_version, migrations);
  });
}

/** What {@link materializeStates} reads of a checkpoint row. */
export type EncodedState = Pick<EncodedCheckpoint, "seq" | "encoding" | "base_seq" | "state" | "state_schema_version">;

/**
 * The state alone of every checkpoint (seq → state, each its own object), in one forward
 * pass like {@link materializeAll} but without rebuilding completed lists, queues and
 * scheduler meta: what showing each step's input needs. Null when a row is of another
 * version than this build's: a migration may need the whole snapshot, so read the run's
 * checkpoints whole ({@link materializeAll}) instead.
 */
export function materializeStates(rows: readonly EncodedState[]): Map<number, State> | null {
  if (rows.some((row) => row.state_schema_version !== STATE_SCHEMA_VERSION)) return null;
  const done = new Map<number, State>();
  for (const row of [...rows].sort((a, b) => a.seq - b.seq)) {
    if (row.encoding === "full") {
      done.set(row.seq, JSON.parse(row.state) as State);
      continue;
    }
    // A delta's base is an earlier checkpoint: already materialized in seq order.
    const base = done.get(row.base_seq);
    if (!base) throw new Error(`checkpoint ${row.seq}: its base ${row.base_seq} is missing`);
    done.set(row.seq, withStateDelta(base, row.state));
  }
  return done;
}

/** A stored checkpoint's place in its delta chain. */
export type ChainLink = Pick<EncodedCheckpoint, "seq" | "encoding" | "base_seq">;

/**
 * An upper bound on each checkpoint's materialized size (bytes of JSON) from its stored
 * size (`bytes`: of whichever columns are counted), without decoding anything: a full
 * snapshot is its own size, a delta its base's estimate plus its own. Keys a delta
 * overwrites count twice, but the encoder writes a full snapshot once the deltas since the
 * last one outweigh it, so the bound stays within about twice the true size.
 */
export function estimateMaterializedSizes<R extends ChainLink>(rows: readonly R[], bytes: (row: R) => number): Map<number, number> {
  const out = new Map<number, number>();
  for (const row of [...rows].sort((a, b) => a.seq - b.seq)) out.set(row.seq, row.encoding === "full" ? bytes(row) : (out.get(row.base_seq) ?? 0) + bytes(row));
  return out;
}

/** A new state: `base` (left unchanged) with a delta row's state (JSON {@link StateDelta}) applied. */
function withStateDelta(base: State, deltaJson: string): State {
  const state: State = {};
  for (const key of Object.keys(base)) setOwn(state, key, base[key]);
  const delta = JSON.parse(deltaJson) as StateDelta;
  for (const key of Object.keys(delta.set)) setOwn(state, key, delta.set[key]);
  for (const key of delta.unset) delete state[key];
  return state;
}

/** The record of a delta row, built on its base record without changing it. */
function applyDeltaRow(base: CheckpointRecord, row: EncodedCheckpoint): CheckpointRecord {
  const state = withStateDelta(base.state, row.state);
  const meta = JSON.parse(JSON.stringify(base.meta)) as SchedulerMeta;
  applyMetaDelta(meta, JSON.parse(row.meta) as MetaDelta);
  return {
    run_id: row.run_id,
    seq: row.seq,
    step_name: row.step_name,
    state,
    completed: applySequence(base.completed, JSON.parse(row.completed) as SequenceDelta<string>),
    queue: applySequence(base.queue, JSON.parse(row.queue) as SequenceDelta<QueueItem>),
    meta,
    created_at: row.created_at,
  };
}

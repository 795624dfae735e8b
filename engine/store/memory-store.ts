/**
 * In-memory {@link RunStore} for engine tests and benchmarks. Same semantics as the SQLite
 * store (both pass `contract.ts`): every write is validated before anything of it is
 * applied, so a failing write changes nothing; everything kept is a copy, and checkpoints
 * are kept encoded (deltas) so a commit costs O(what changed), not O(state).
 */
import type { CheckpointRecord, LoadedRun, NewRun, RunPatch, RunRecord, RunStore, RunWrite, StepRecord, StoredEvent } from "../ports";
import type { Graph } from "../graph/schema";
import { checkpointChain, encodeCheckpoint, materialize, materializeAll, type CodecPolicy, type EncodedCheckpoint, type EncoderCursor } from "./checkpoint-codec";

interface RunEntry {
  run: RunRecord;
  graph: Graph;
  steps: Map<string, StepRecord>;
  /** Step seq → step id, to refuse a seq taken by another step (as the SQL unique key does). */
  stepSeqs: Map<number, string>;
  checkpoints: Map<number, EncodedCheckpoint>;
  cursor: EncoderCursor | null;
  latestCheckpoint: number | null;
  /** Event seqs are 1, 2, 3…: the event with seq n is at index n - 1. */
  events: KeptEvent[];
}

const OPEN_STEP = new Set(["running", "pending", "waiting"]);

/** JSON round trip: the values are JSON by contract, and this isolates us from later mutation. */
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Steps are flat records except `output`: copy that deeply, the rest by spread. */
const copyStep = (step: StepRecord): StepRecord => ({ ...step, output: copy(step.output) });

/** A run patch: scalars by spread, the JSON fields deeply. */
function copyPatch(patch: RunPatch): RunPatch {
  const copied = { ...patch };
  if (copied.output) copied.output = copy(copied.output);
  if (copied.options) copied.options = copy(copied.options);
  if (copied.pending_gate) copied.pending_gate = copy(copied.pending_gate);
  return copied;
}

/** An event kept as JSON text; `data` is re-parsed for every reader, so none shares it. */
interface KeptEvent extends Omit<StoredEvent, "data"> {
  text: string;
}

const readEvent = ({ text, ...event }: KeptEvent): StoredEvent => ({ ...event, data: JSON.parse(text) });

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

export interface MemoryRunStoreOptions {
  /** Timestamp source for stored events (default `Date.now`). */
  now?: () => number;
  codec?: CodecPolicy;
}

export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, RunEntry>();
  private readonly now: () => number;
  private readonly codec?: CodecPolicy;

  /** Runs with a failed write whose rejection has not been delivered yet (see `commit`). */
  private readonly failedThisTurn = new Set<string>();

  constructor(options: MemoryRunStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.codec = options.codec;
  }

  async createRun(run: NewRun): Promise<void> {
    if (this.runs.has(run.id)) throw new Error(`run ${run.id} already exists`);
    const record: RunRecord = {
      id: run.id, workflow_id: run.workflow_id, workflow_version: run.workflow_version, status: "pending",
      input: copy(run.input), options: copy(run.options), output: null, cost_micros: 0, tokens_in: 0, tokens_out: 0,
      node_executions: 0, duration_ms: null, error_message: null, pending_gate: null,
      created_at: run.created_at, started_at: null, finished_at: null,
      ...(run.triggered_by ? { triggered_by: copy(run.triggered_by) } : {}),
    };
    this.runs.set(run.id, { run: record, graph: copy(run.graph), steps: new Map(), stepSeqs: new Map(), checkpoints: new Map(), cursor: null, latestCheckpoint: null, events: [] });
  }

  async commit(write: RunWrite): Promise<StoredEvent[]> {
    if (this.failedThisTurn.has(write.run_id)) throw new Error(`an earlier write of run ${write.run_id} in the same commit failed`);
    try {
      return this.apply(write);
    } catch (err) {
      // As a group commit would, the run's writes submitted before the caller can learn of
      // the failure are refused too (RunWrite): until the rejection is delivered.
      if (this.failedThisTurn.size === 0) queueMicrotask(() => this.failedThisTurn.clear());
      this.failedThisTurn.add(write.run_id);
      throw err;
    }
  }

  private apply(write: RunWrite): StoredEvent[] {
    const entry = this.runs.get(write.run_id);
    if (!entry) throw new Error(`run ${write.run_id} does not exist`);
    // 1. Validate and prepare everything; nothing is applied yet.
    const cp = write.checkpoint;
    if (cp && (cp.run_id !== write.run_id || entry.checkpoints.has(cp.seq))) throw new Error(`checkpoint ${cp.seq} of run ${write.run_id} already exists or belongs to another run`);
    const steps = (write.steps ?? []).map(copyStep);
    for (const step of steps) {
      if (step.run_id !== write.run_id) throw new Error(`step ${step.id} belongs to run ${step.run_id}`);
      const holder = entry.stepSeqs.get(step.seq);
      if (holder !== undefined && holder !== step.id) throw new Error(`step seq ${step.seq} of run ${write.run_id} is taken by ${holder}`);
    }
    const encoded = cp ? encodeCheckpoint(cp, entry.cursor, this.codec) : null;
    const patch = write.run ? copyPatch(write.run) : null;
    const createdAt = this.now();
    let seq = entry.events.at(-1)?.seq ?? 0;
    const events = (write.events ?? []).map((e): KeptEvent => ({ run_id: write.run_id, seq: ++seq, type: e.type, text: JSON.stringify(e), created_at: createdAt }));
    // 2. Apply.
    for (const step of steps) {
      const previous = entry.steps.get(step.id);
      if (previous) entry.stepSeqs.delete(previous.seq);
      entry.steps.set(step.id, step);
      entry.stepSeqs.set(step.seq, step.id);
    }
    if (encoded) {
      entry.checkpoints.set(encoded.row.seq, encoded.row);
      entry.cursor = encoded.cursor;
      entry.latestCheckpoint = Math.max(entry.latestCheckpoint ?? encoded.row.seq, encoded.row.seq);
    }
    if (patch) Object.assign(entry.run, patch);
    entry.events.push(...events);
    // The caller's own event objects: what is kept is the JSON text.
    return events.map(({ text: _text, ...event }, i) => ({ ...event, data: write.events![i] }));
  }

  async getRun(runId: string): Promise<RunRecord | null> {
    const entry = this.runs.get(runId);
    return entry ? copy(entry.run) : null;
  }

  async loadRun(runId: string): Promise<LoadedRun | null> {
    const entry = this.runs.get(runId);
    if (!entry) return null;
    const steps = [...entry.steps.values()].sort(bySeq);
    const latest = entry.latestCheckpoint;
    return {
      run: copy(entry.run),
      graph: copy(entry.graph),
      checkpoint: latest === null ? null : this.materializeSeq(entry, latest),
      open_steps: steps.filter((s) => OPEN_STEP.has(s.status)).map(copyStep),
      last_step_seq: steps.at(-1)?.seq ?? 0,
      last_event_seq: entry.events.at(-1)?.seq ?? 0,
    };
  }

  async listSteps(runId: string): Promise<StepRecord[]> {
    const entry = this.runs.get(runId);
    return entry ? [...entry.steps.values()].sort(bySeq).map(copyStep) : [];
  }

  async listCheckpoints(runId: string): Promise<CheckpointRecord[]> {
    const entry = this.runs.get(runId);
    return entry ? materializeAll([...entry.checkpoints.values()]) : [];
  }

  async getCheckpoint(runId: string, seq: number): Promise<CheckpointRecord | null> {
    const entry = this.runs.get(runId);
    return entry ? this.materializeSeq(entry, seq) : null;
  }

  async listEvents(runId: string, afterSeq: number): Promise<StoredEvent[]> {
    const entry = this.runs.get(runId);
    return entry ? entry.events.slice(Math.max(0, afterSeq)).map(readEvent) : [];
  }

  private materializeSeq(entry: RunEntry, seq: number): CheckpointRecord | null {
    const chain = checkpointChain(seq, (s) => entry.checkpoints.get(s));
    return chain ? materialize(chain) : null;
  }
}

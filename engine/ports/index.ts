/**
 * The engine's ports: everything it needs from the outside world, as interfaces (those its
 * node kinds and tools meet are in ./world.ts).
 * `lib/db/` implements {@link RunStore} on SQLite; `engine/store/memory-store.ts`
 * implements it in memory for tests; both pass `engine/store/contract.ts`.
 */
import type { Graph, NodeType } from "../graph/schema";
import type { PendingGate } from "../nodes/gate-form";
import type { RunTrigger, State } from "./world";

export type * from "./world";
export type { PendingGate } from "../nodes/gate-form";

export type RunStatus = "pending" | "running" | "paused" | "completed" | "failed";

/**
 * Statuses at which the engine stops driving a run: it has ended, or parks at a gate until a
 * decision. A caller waiting for the run answers then; a store may forget what it cached.
 */
export const SETTLED_STATUSES: ReadonlySet<RunStatus> = new Set(["completed", "failed", "paused"]);
export type StepStatus = "pending" | "running" | "waiting" | "completed" | "failed" | "skipped";

/** Limits in force for one run: graph `settings` overridden by the trigger's `options`. */
export interface RunOptions {
  max_parallel_nodes?: number;
  max_node_executions?: number;
  max_execution_time_ms?: number;
  budget_usd?: number;
  max_tokens?: number;
}

export interface RunRecord {
  id: string;
  workflow_id: string;
  workflow_version: number;
  status: RunStatus;
  input: Record<string, unknown>;
  options: RunOptions;
  /** Public final state, set when the run completes. */
  output: Record<string, unknown> | null;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  node_executions: number;
  duration_ms: number | null;
  error_message: string | null;
  pending_gate: PendingGate | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Who triggered the run (absent for runs a store made without one); gates use it to refuse self-approval. */
  triggered_by?: RunTrigger;
}

export interface StepRecord {
  id: string;
  run_id: string;
  seq: number;
  node_id: string;
  node_type: NodeType;
  status: StepStatus;
  /** The step's input snapshot is the state of this checkpoint (stored by reference, SPEC §5). */
  input_checkpoint: number;
  output: unknown;
  error: string | null;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  model: string | null;
  attempt: number;
  idempotency_key: string;
  started_at: number | null;
  finished_at: number | null;
  duration_ms: number | null;
}

/** One pending node execution. `n` is the node's 1-based execution count (idempotency key). */
export interface QueueItem {
  node_id: string;
  n: number;
  /** The edge whose firing queued it (absent for start nodes and merges). */
  edge_id?: string;
}

/**
 * Scheduler bookkeeping the engine needs to resume exactly; opaque to stores. Kept small
 * on purpose (it is written with every checkpoint): per-node execution counts are not
 * stored but derived on restore from `completed` and `queue`.
 */
export interface SchedulerMeta {
  /** Per node: incoming-edge marks since its last activation (merge barrier, dead paths). */
  marks: Record<string, Record<string, "fired" | "dead">>;
  /** Node executions counted against max_node_executions. */
  node_executions: number;
  /** Wall time consumed by earlier segments of the run (time guard across resumes). */
  elapsed_ms: number;
}

export type CheckpointTag = "run_start" | "resume" | `node:${string}` | `gate:${string}`;

export interface CheckpointRecord {
  run_id: string;
  seq: number;
  step_name: CheckpointTag;
  /** Full state, public AND internal keys. */
  state: State;
  /** Node ids in completion order (one entry per settled execution). */
  completed: string[];
  /** What runs next: queued and in-flight executions. */
  queue: QueueItem[];
  meta: SchedulerMeta;
  created_at: number;
}

/**
 * A checkpoint as the engine hands it to the store: `state` is the full state (do not
 * mutate or keep a reference; copy what you keep), `changed` the keys written since the
 * previous checkpoint (`null`: treat as everything changed). Stores may encode deltas.
 */
export interface CheckpointWrite extends Omit<CheckpointRecord, "state"> {
  state: State;
  changed: string[] | null;
  /**
   * Optional: how `completed` and `queue` differ from the checkpoint `seq - 1` of the same
   * run, so a store can encode the change without comparing whole lists. A store may ignore
   * it; when it uses it, its previous checkpoint must be `seq - 1`.
   */
  hint?: CheckpointHint;
}

export interface CheckpointHint {
  /** `completed` kept its first `completed_from` ids; the rest were appended. */
  completed_from: number;
  /** `queue` is the previous queue with these edits applied: [at, delete, insert], in base order. */
  queue_edits: [at: number, del: number, ins: QueueItem[]][];
}

/** Engine events (SPEC §10). Persisted ones carry a per-run increasing `seq`. */
export type EngineEvent =
  | {
      type: "run.status";
      run_id: string;
      status: RunStatus;
      error_message: string | null;
      cost_micros: number;
      tokens_in: number;
      tokens_out: number;
      duration_ms: number | null;
      pending_gate: PendingGate | null;
      /** When the run reached this status, by the engine's clock: the run's own `started_at` or `finished_at` (a store stamps its `created_at` later). */
      at?: number;
    }
  | { type: "step.started"; run_id: string; step: StepRecord }
  | { type: "step.finished"; run_id: string; step: StepRecord }
  | { type: "gate.pending"; run_id: string; gate: PendingGate; step_id: string };

export type EngineEventType = EngineEvent["type"];

export interface StoredEvent {
  run_id: string;
  seq: number;
  type: EngineEventType;
  /** The event body with internal state keys already stripped. */
  data: EngineEvent;
  created_at: number;
}

/** Whether the event is the run reaching a settled status ({@link SETTLED_STATUSES}). */
export const settles = (event: StoredEvent): event is StoredEvent & { data: Extract<EngineEvent, { type: "run.status" }> } =>
  event.data.type === "run.status" && SETTLED_STATUSES.has(event.data.status);

/** Live, not persisted: streamed model output (issue: providers). */
export interface DeltaEvent {
  type: "step.delta";
  run_id: string;
  step_id: string;
  node_id: string;
  text: string;
}

/** Partial update of a run row. Totals are absolute values, not increments. */
export type RunPatch = Partial<Omit<RunRecord, "id" | "workflow_id" | "workflow_version" | "input" | "created_at" | "triggered_by">>;

/**
 * One atomic write. A store must apply all of it or none of it (one transaction), and
 * apply a run's writes in the order `commit` was called. A run's writes build on one
 * another (the final one settles what the node writes before it recorded), so when one
 * fails, the run's writes submitted after it before its caller could learn of the failure
 * (in the same event-loop turn) are refused too; later ones apply.
 */
export interface RunWrite {
  run_id: string;
  /** Steps to insert or replace whole (keyed by step id). */
  steps?: StepRecord[];
  checkpoint?: CheckpointWrite;
  run?: RunPatch;
  events?: EngineEvent[];
  /**
   * The run's lease holder this write is made under (a fencing token). A store with leases
   * applies the write only while the run's lease is still this holder's, checked in the
   * write's own transaction with the run's row locked, and otherwise refuses it whole with
   * `lease_lost` (engine/errors.ts `leaseLost`): a process frozen past its lease that wakes up after
   * another took the run over writes nothing. Checked once per run per transaction, before
   * its writes (a write dropping the lease does not fence out the next in the same one).
   * Stores without leases (the memory store) ignore it.
   */
  fence?: string;
}

export interface NewRun {
  id: string;
  workflow_id: string;
  workflow_version: number;
  graph: Graph;
  input: Record<string, unknown>;
  options: RunOptions;
  created_at: number;
  /** Who triggered it. */
  triggered_by?: RunTrigger;
}

/** Everything needed to (re)start a run. */
export interface LoadedRun {
  run: RunRecord;
  /** The graph of the version the run executes. */
  graph: Graph;
  /** Latest checkpoint, materialized to full state; null before run_start. */
  checkpoint: CheckpointRecord | null;
  /** Steps not yet settled (running/pending/waiting), to be re-attached on resume. */
  open_steps: StepRecord[];
  /** The highest step seq used so far (0 when none). */
  last_step_seq: number;
  /** The highest event seq used so far (0 when none). */
  last_event_seq: number;
}

export interface RunStore {
  /** Create a run in status `pending` with its graph. */
  createRun(run: NewRun): Promise<void>;
  loadRun(runId: string): Promise<LoadedRun | null>;
  /** Apply one write atomically; resolves once it is durable. Assigns event seqs in call order. */
  commit(write: RunWrite): Promise<StoredEvent[]>;
  getRun(runId: string): Promise<RunRecord | null>;
  listSteps(runId: string): Promise<StepRecord[]>;
  /** All checkpoints of a run, materialized, in seq order. */
  listCheckpoints(runId: string): Promise<CheckpointRecord[]>;
  /** Materialized state of one checkpoint (used for step input snapshots). */
  getCheckpoint(runId: string, seq: number): Promise<CheckpointRecord | null>;
  /** Events with seq > afterSeq, in order. */
  listEvents(runId: string, afterSeq: number): Promise<StoredEvent[]>;
}

/** What a run's event bus carries: a commit's events (with their seqs) or a live-only delta. */
export type RunEventMessage = { kind: "events"; events: StoredEvent[] } | { kind: "delta"; event: DeltaEvent };

export type RunEventListener = (message: RunEventMessage) => void;

/**
 * What a subscriber needs. `settledOnly`: just the commit that settles the run (a `?wait=`
 * caller); a bus fed from another process's commits may then skip reading the ones before.
 * It is a saving, not a filter: the listener may still get every message.
 */
export interface RunEventSubscription {
  settledOnly?: boolean;
}

/** The side of the run event bus the engine is given: it publishes each commit's events, and model deltas if wanted. */
export interface RunEventPublisher {
  publish(runId: string, events: StoredEvent[]): void;
  /** Left out, the engine does not stream model deltas. */
  delta?(event: DeltaEvent): void;
}

/**
 * A run's live events, per run: the engine publishes, SSE streams and `?wait=` callers
 * subscribe. Nothing is kept: a late subscriber replays from the store and follows the bus
 * from then on. One shape on every thread (lib/runtime/event-bus.ts).
 */
export interface RunEventBus extends Required<RunEventPublisher> {
  /** Listen to one run; returns the unsubscribe function (call it on disconnect). */
  subscribe(runId: string, listener: RunEventListener, options?: RunEventSubscription): () => void;
  /** Resolves once events committed from now on reach this run's subscribers. */
  live(runId: string): Promise<void>;
}

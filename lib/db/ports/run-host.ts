/**
 * What the process that executes runs needs of storage besides the engine's own port
 * (`RunStore`, engine/ports): the trigger's write, the API's reads of a run's checkpoints,
 * run leases, and the background upkeep (spend rollup, run retention).
 */
import type { RunOptions, RunPatch, RunStore, RunTrigger, State, StepRecord } from "@/engine/ports";
import type { ChainLink, EncodedState } from "@/engine/store/checkpoint-codec";
import type { AuditInput } from "./audit";
import type { RunWithWorkflow } from "./runs";

/**
 * A new run as the trigger writes it: `pending`, leased to the process that will start it, or
 * (`leaseOwner` null) handed to whichever worker takes its `job`.
 */
export interface NewRunRow {
  id: string;
  workflowId: string;
  workflowVersion: number;
  input: Record<string, unknown>;
  options: RunOptions;
  createdBy: RunTrigger;
  createdAt: number;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
}

/** A run's steps, checkpoint states and row changes as this store committed them, kept while a caller waits for the run. */
export interface RunWatch {
  /**
   * The steps (seq order), checkpoint states and the run's patches (merged in write order)
   * committed so far; null when the run's stored events no longer end where this store's
   * writes left them (someone else wrote to it).
   */
  read(): WatchedRun | null;
  /** Stop keeping them (idempotent). */
  stop(): void;
}

/** See {@link RunWatch.read}. */
export interface WatchedRun {
  steps: StepRecord[];
  states: EncodedState[];
  /** Every field this store's committed writes patched on the run's row, the latest value of each. */
  run: RunPatch;
}

/** A checkpoint's chain link and stored bytes: of its state, and of its state, `completed` and queue. */
export interface CheckpointSize extends ChainLink {
  state_bytes: number;
  record_bytes: number;
}

/** See {@link RunHostStore.readBack}. */
export interface RunReadBack {
  found: RunWithWorkflow | null;
  steps: StepRecord[];
  sizes: CheckpointSize[];
  states?: Map<number, State>;
}

/** A run's lease as stored. */
export interface LeaseRow {
  owner: string | null;
  /** Epoch ms, or null when nobody holds it. */
  expiresAt: number | null;
}

/** A run that should be driven but nobody (alive) is driving. */
export interface OrphanRow extends LeaseRow {
  id: string;
  status: "pending" | "running";
}

/** Run leases: which process drives a run, until when. */
export interface RunLeaseStore {
  /** Takes the lease for `owner` when it is free, expired or already `owner`'s; false when another process holds a live one. */
  claim(a: { runId: string; owner: string; now: number; ttlMs: number }): Promise<boolean>;
  /** Takes over a lease whose holder is known to be dead, only if holder and status are still as read (compare-and-set). */
  takeOver(a: { runId: string; owner: string; previous: string | null; status: string; now: number; ttlMs: number }): Promise<boolean>;
  /**
   * Drops `owner`'s lease (a no-op when someone else holds it), with the run writes about to
   * be made; `unless` is asked just before and keeps the lease when it answers true (this
   * process took the run again meanwhile).
   */
  release(a: { runId: string; owner: string; unless?: () => boolean }): Promise<void>;
  /** Drops every lease of a process stopping on purpose (owners starting `ownerPrefix`); how many. */
  releaseProcess(ownerPrefix: string): Promise<number>;
  /** Extends `owner`'s leases on `runIds` to `now + ttlMs`; how many it still held. */
  renew(a: { runIds: string[]; owner: string; now: number; ttlMs: number }): Promise<number>;
  /** Pending/running runs `owner` holds no live lease on: unleased, expired, or another process's. */
  orphans(a: { owner: string; now: number; limit: number }): Promise<OrphanRow[]>;
  /** Paused runs whose gate deadline is at or before `now`. */
  expiredGates(a: { now: number; limit: number }): Promise<string[]>;
  /** Counts a takeover from a dead process: the takeovers in a row without progress, and the nodes in flight. */
  noteTakeover(runId: string): Promise<{ takeovers: number; in_flight: string[] }>;
  /** Starts the run's takeover count again. */
  clearTakeovers(runId: string): Promise<void>;
}

/** The engine's store as the run host uses it (one per process or thread: it caches per run). */
export interface RunHostStore extends RunStore {
  /**
   * A triggered run's row and its `run.trigger` audit row, atomically; the engine's
   * `run_start` checkpoint submitted in the same turn may share their transaction.
   */
  insertTriggered(a: { run: NewRunRow; audit: AuditInput; job?: PreparedRunJob }): Promise<void>;
  /** Keeps the run's steps and states as this store commits them (a waiting trigger's answer). */
  watch(runId: string): RunWatch;
  /** The public-and-internal state of each checkpoint, by seq. */
  listCheckpointStates(runId: string): Promise<Map<number, State>>;
  checkpointSizes(runId: string): Promise<CheckpointSize[]>;
  /**
   * What an answer with step inputs reads back, together (one round trip where reads take
   * one): the run with its workflow's name (as the runs port's `findWithWorkflow`), its steps
   * and its checkpoints' sizes. With `statesUpToBytes`, the checkpoints' states too (as
   * {@link listCheckpointStates}) when their stored states add up to no more than that;
   * `states` is left out when they add up to more, or were not asked for.
   */
  readBack(runId: string, statesUpToBytes?: number): Promise<RunReadBack>;
  /** The run's checkpoints without their contents (what a list of them shows). */
  listCheckpointHeads(runId: string): Promise<{ seq: number; step_name: string; created_at: number }[]>;
  readonly leases: RunLeaseStore;
}

/**
 * A message between processes: `cancel` for the process driving a run, wherever it is; `work`
 * for the worker processes, that the run queue has jobs for them.
 */
export type RunControl = { op: "cancel"; runId: string; by: string } | { op: "work" };

/** What a worker is asked to do with a run: start it (a trigger's job) or drive it on (a decision's). */
export interface RunJobData {
  runId: string;
  op: "start" | "resume";
}

/** A job made ready to be written in the transaction of the run it is for (`insertTriggered`); opaque outside its backend. */
export interface PreparedRunJob {
  readonly data: RunJobData;
}

/** A job a worker took: it is acknowledged with {@link RunQueue.done} once the worker holds the run's lease (or found nothing to do). */
export interface TakenRunJob {
  id: string;
  data: RunJobData;
}

/**
 * The run queue between the processes that take requests and the worker processes that
 * execute runs (PostgreSQL; null on SQLite, where one process does both). A job is taken by
 * one worker at a time; a job taken and never acknowledged (its worker died) is offered again
 * after a while — recovery's lease takeover resumes the run sooner, and the late job then finds
 * it driven and is acknowledged.
 */
export interface RunQueue {
  /** Readies `data`'s job for the transaction that creates its run; that commit wakes the workers too. */
  prepare(data: RunJobData): Promise<PreparedRunJob>;
  /** Enqueues a job at once (a continuation: the run's own write committed before). */
  enqueue(data: RunJobData): Promise<void>;
  /** Takes up to `limit` waiting jobs. */
  take(limit: number): Promise<TakenRunJob[]>;
  /** Acknowledges taken jobs. */
  done(ids: string[]): Promise<void>;
  /** Stops the queue's own connections. */
  stop(): Promise<void>;
}

/**
 * What processes sharing one database tell each other about runs: that a run's events were
 * committed (up to a seq; the run store sends that notice in the commit that writes them), and
 * control messages for the process driving a run. Delivery is at most once and best effort —
 * the events table stays the record (a process that missed a notice reads the events on the
 * next one, or on reconnect). Null where one process is all there is (SQLite).
 */
export interface RunNotices {
  /** Sends a control message to every process; the one driving the run acts on it. */
  control(message: RunControl): Promise<void>;
  /**
   * Hears every process's notices, this one's included: after each commit, `events` of a run
   * up to `seq`, `settled` when they include the run reaching a settled status (engine/ports
   * `SETTLED_STATUSES`). Resolves once listening (notices sent from then on arrive).
   * A listener without `events` hears control messages only (a worker), which spares it the
   * events of every run.
   */
  listen(listener: { events?(runId: string, seq: number, settled: boolean): void; control(message: RunControl): void }): Promise<() => void>;
}

/** Background upkeep of stored runs; one process at a time should run it. */
export interface StorageUpkeep {
  /** Folds settled runs into the spend rollup, and deletes runs past `retentionDays` (null: keep them); returns a stop function. */
  start(a: { retentionDays: number | null; retentionIntervalMs: number }): () => void;
}

/**
 * The engine's {@link RunStore} on SQLite (passes engine/store/contract.ts).
 *
 * This is the engine's hot path, so it bypasses Prisma (STACK.md, "What a durable write
 * costs here"): prepared statements on the raw better-sqlite3 connection, a run's rows
 * keyed by its number (one B-tree per table, see run-statements.ts), checkpoints as
 * bounded delta chains (engine/store/checkpoint-codec.ts), step inputs by reference, and
 * group commit — all `commit()` calls of one event-loop turn share one transaction.
 * Tables and column formats are exactly Prisma's, so the rest of the app reads these rows
 * through Prisma. Importable without `server-only` (bench/ runs it under tsx).
 */
import type Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { leaseLost } from "../../engine/errors";
import type { Graph } from "../../engine/graph/schema";
import { SETTLED_STATUSES, type CheckpointRecord, type LoadedRun, type NewRun, type RunPatch, type RunRecord, type RunWrite, type State, type StepRecord, type StoredEvent } from "../../engine/ports";
import { checkpointChain, encodeCheckpoint, materialize, materializeAll, materializeStates, type CodecPolicy, type EncodedState, type EncoderCursor } from "../../engine/store/checkpoint-codec";
import { versionGraph } from "./graph-column";
import { appendAudit } from "./audit";
import { GroupCommit } from "./group-commit";
import type { AuditInput, CheckpointSize, NewRunRow, PreparedRunJob, RunHostStore, RunLeaseStore, RunReadBack, RunWatch } from "./ports";
import { findRunWithWorkflow, insertRun } from "./run-queries";
import { sqliteLeases } from "./sqlite/leases";

export type { CheckpointSize, RunWatch } from "./ports";
import { checkpointFromRow, checkpointToRow, eventFromRow, runFromRow, runPatchColumns, runPatchSql, stepFromRow, stepToRow, patchStored, storedStep, type CheckpointRow, type EventRow, type RunRow, type StepRow } from "./run-rows";
import { epochMs, sqlTime } from "./timestamps";
import { checkpointParams, prepareRunStatements, updateStepParams, upsertStepParams, type RunStatements } from "./run-statements";


/** A caller's own synchronous write, applied inside the next group-commit transaction. */
interface BatchedWrite {
  batched: () => unknown;
}

/** What the store remembers per run between commits (valid while this process owns the run). */
interface RunHead {
  /** The run's number: its rows are keyed by it (see run-statements.ts). */
  num: number;
  last_event_seq: number;
  /** Steps with a higher seq are new: inserted without first trying to update them. */
  last_step_seq: number;
  /** Null: unknown here, so the next checkpoint is written as a full snapshot. */
  cursor: EncoderCursor | null;
}

interface Watched {
  /** Latest committed version of each step, by seq. */
  steps: Map<number, StepRecord>;
  states: EncodedState[];
  /** The committed writes' patches of the run, merged. */
  run: RunPatch;
  /** The run's last event seq as of this store's last committed write to it. */
  last_event_seq: number;
}

/** What one write of the batch in flight adds to a watched run, applied once the batch commits. */
interface StagedWatch {
  watched: Watched;
  steps: readonly StepRecord[];
  state: EncodedState | null;
  run: RunPatch | undefined;
  last_event_seq: number;
}

export interface SqliteRunStoreOptions {
  /** Timestamp source for stored events (default `Date.now`). */
  now?: () => number;
  codec?: CodecPolicy;
  /** `created_by` of workflow_versions rows a run creates (default "engine"). */
  versionAuthor?: string;
}

/**
 * Construct with a better-sqlite3 connection (the app passes `db().sqlite`; tests and the
 * benchmark their own file). Keep one instance per connection: it caches each run's last
 * event seq and encoder cursor between commits.
 */
export class SqliteRunStore implements RunHostStore {
  readonly leases: RunLeaseStore;
  private readonly sql: RunStatements;
  private readonly heads = new Map<string, RunHead>();
  /** Heads changed by the batch in flight, merged into `heads` once it commits (null: forget). */
  private readonly pendingHeads = new Map<string, RunHead | null>();
  private readonly patchStatements = new Map<number, Database.Statement>();
  private readonly group: GroupCommit<RunWrite | BatchedWrite, unknown>;
  private readonly now: () => number;
  /**
   * Steps of the batch in flight (by {@link stepSlot}) whose row a later write of the same
   * batch rewrites — a step started and settled within one event-loop turn: their row write
   * is skipped, their events are not. Empty when each write may be undone by itself.
   */
  private superseded: ReadonlySet<number> = NONE;
  /** Index in the batch in flight of the write being applied. */
  private writeIndex = 0;
  /**
   * Runs one of whose writes failed in the attempt in flight. A run's writes build on one
   * another (a checkpoint is a delta on the one before, the final write settles what came
   * before it), so its later writes of the batch are refused too: only the others' stand.
   */
  private failedRuns = new Set<string>();
  /** Runs whose fence the attempt in flight has checked (once per run per transaction, RunWrite.fence). */
  private readonly fenced = new Set<string>();
  private readonly watched = new Map<string, Watched>();
  /** Additions to watched runs by the batch in flight, in write order. */
  private stagedWatches: StagedWatch[] = [];

  constructor(private readonly db: Database.Database, private readonly options: SqliteRunStoreOptions = {}) {
    this.sql = prepareRunStatements(db);
    this.now = options.now ?? Date.now;
    this.leases = sqliteLeases(db, (fn) => this.batched(fn));
    this.group = new GroupCommit(db, (write) => this.apply(write), {
      committed: () => {
        for (const [runId, head] of this.pendingHeads) {
          if (head) this.heads.set(runId, head);
          else this.heads.delete(runId);
        }
        this.pendingHeads.clear();
        if (this.stagedWatches.length > 0) this.commitWatches();
      },
      aborted: () => {
        // Cursors used by the lost batch were consumed; forget every head (reloaded on demand).
        this.pendingHeads.clear();
        this.heads.clear();
        this.stagedWatches = [];
      },
      attempting: (writes, mode) => {
        this.superseded = mode === "together" ? supersededSteps(writes) : NONE;
        this.writeIndex = 0;
        this.failedRuns.clear();
        this.fenced.clear();
      },
    });
  }

  async createRun(run: NewRun): Promise<void> {
    this.db.transaction(() => {
      this.sql.insertVersion.run({
        id: randomUUID(), workflow_id: run.workflow_id, version: run.workflow_version, graph: JSON.stringify(run.graph),
        created_at: sqlTime(run.created_at), created_by: this.options.versionAuthor ?? "engine",
      });
      this.sql.insertRun.run({
        id: run.id, workflow_id: run.workflow_id, workflow_version: run.workflow_version,
        input: JSON.stringify(run.input), options: JSON.stringify(run.options), created_at: sqlTime(run.created_at),
        created_by: run.triggered_by?.id ?? "local", created_by_type: run.triggered_by?.type ?? "system",
        created_by_name: run.triggered_by?.name ?? "Local user", created_by_owner: run.triggered_by?.owner_id ?? null,
      });
    })();
    const num = (this.sql.runHead.get({ run_id: run.id }) as { num: number }).num;
    this.heads.set(run.id, { num, last_event_seq: 0, last_step_seq: 0, cursor: null });
  }

  commit(write: RunWrite): Promise<StoredEvent[]> {
    return this.group.submit(write) as Promise<StoredEvent[]>;
  }

  /**
   * Run `fn` (synchronous SQL on this store's connection) inside the next group-commit
   * transaction, in its own savepoint: it shares the commit with the engine's writes
   * instead of paying one of its own. Resolves with its result once durable; a throw
   * undoes only `fn` and rejects with that error. `fn` may run more than once (the batch is
   * applied again when one of its writes fails), so it must only touch the database.
   */
  batched<T>(fn: () => T): Promise<T> {
    return this.group.submit({ batched: fn }) as Promise<T>;
  }

  /**
   * A triggered run's row and its `run.trigger` audit row, in the next group commit: the
   * engine's `run_start` checkpoint submitted in the same turn lands in the same transaction.
   */
  insertTriggered({ run, audit, job }: { run: NewRunRow; audit: AuditInput; job?: PreparedRunJob }): Promise<void> {
    // One process serves a SQLite file: there is no queue to other processes to hand a run to.
    if (job) return Promise.reject(new Error(`run ${run.id}: SQLite has no run queue; the process that triggers a run drives it`));
    return this.batched(() => {
      insertRun(this.db, run);
      appendAudit(this.db, audit);
    });
  }

  /**
   * Keep the run's steps and checkpoint states in memory as its writes commit, until
   * `stop()`: a caller waiting for the run (`?wait=`) then answers without reading them back.
   * Start watching before the run's first write (it starts empty).
   */
  watch(runId: string): RunWatch {
    const watched: Watched = { steps: new Map(), states: [], run: {}, last_event_seq: 0 };
    this.watched.set(runId, watched);
    return {
      read: () => {
        if ((this.sql.lastEventSeq.get({ run_id: runId }) as number) !== watched.last_event_seq) return null;
        return { steps: [...watched.steps.values()].sort((a, b) => a.seq - b.seq), states: watched.states, run: { ...watched.run } };
      },
      stop: () => {
        if (this.watched.get(runId) === watched) this.watched.delete(runId);
      },
    };
  }

  private commitWatches(): void {
    for (const { watched, steps, state, run, last_event_seq } of this.stagedWatches) {
      for (const step of steps) watched.steps.set(step.seq, storedStep(step));
      if (state) watched.states.push(state);
      if (run) patchStored(watched.run, run);
      watched.last_event_seq = last_event_seq;
    }
    this.stagedWatches = [];
  }

  /** One write, inside its own savepoint of the batch transaction. */
  private apply(job: RunWrite | BatchedWrite): unknown {
    const index = this.writeIndex++;
    if ("batched" in job) return job.batched();
    const write = job;
    if (this.failedRuns.has(write.run_id)) throw new Error(`an earlier write of run ${write.run_id} in the same commit failed`);
    try {
      if (write.fence !== undefined) this.checkFence(write.run_id, write.fence);
      return this.applyWrite(write, this.head(write.run_id), index);
    } catch (e) {
      // The encoder cursor was consumed, and the cached head may be what failed (another
      // writer's events): forget it, so the next write reloads it and checkpoints in full.
      this.pendingHeads.set(write.run_id, null);
      this.failedRuns.add(write.run_id);
      throw e;
    }
  }

  /**
   * Refuses the write unless the run's lease is `holder`'s (RunWrite.fence): read inside the
   * write transaction, which holds the database's write lock, so no takeover comes between.
   */
  private checkFence(runId: string, holder: string): void {
    if (this.fenced.has(runId)) return;
    const row = this.sql.leaseOwner.get(runId) as { owner: string | null } | undefined;
    if (row && row.owner !== holder) throw leaseLost(runId, holder);
    this.fenced.add(runId);
  }

  private applyWrite(write: RunWrite, head: RunHead, index: number): StoredEvent[] {
    const runId = write.run_id;
    let lastStepSeq = head.last_step_seq;
    const steps = write.steps ?? [];
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if (step.run_id !== runId) throw new Error(`step ${step.id} belongs to run ${step.run_id}, not ${runId}`);
      if (this.superseded.size > 0 && this.superseded.has(stepSlot(index, i))) continue;
      const row = stepToRow(step);
      const updated = step.seq <= lastStepSeq && this.sql.updateStepValues.run(updateStepParams(row, head.num)).changes === 1;
      if (!updated && this.sql.upsertStep.run(upsertStepParams(row, head.num)).changes === 0) throw new Error(`run ${runId} already has another step at seq ${step.seq}`);
      lastStepSeq = Math.max(lastStepSeq, step.seq);
    }
    let cursor = head.cursor;
    let state: EncodedState | null = null;
    if (write.checkpoint) {
      if (write.checkpoint.run_id !== runId) throw new Error(`checkpoint of run ${write.checkpoint.run_id} written to run ${runId}`);
      const encoded = encodeCheckpoint(write.checkpoint, cursor, this.options.codec);
      this.sql.insertCheckpoint.run(checkpointParams(checkpointToRow(encoded.row), head.num));
      cursor = encoded.cursor;
      state = encoded.row;
    }
    // A write that settles the run (or parks it at a gate) ends the segment driving it.
    const settled = write.run?.status !== undefined && SETTLED_STATUSES.has(write.run.status);
    if (write.run) this.patchRun(runId, write.run, settled);
    let seq = head.last_event_seq;
    const createdAt = this.now();
    const at = sqlTime(createdAt);
    // The returned events carry the caller's own objects; what is stored is their JSON.
    const stored = (write.events ?? []).map((event): StoredEvent => {
      seq++;
      this.sql.insertEvent.run(head.num, runId, seq, event.type, JSON.stringify(event), at);
      return { run_id: runId, seq, type: event.type, data: event, created_at: createdAt };
    });
    // A settled run is forgotten: the engine writes to it again only if it is resumed or
    // approved, and then reloads its head (one seek) and checkpoints in full once. Kept,
    // every run ever driven would stay in memory with its encoder cursor.
    this.pendingHeads.set(runId, settled ? null : { num: head.num, last_event_seq: seq, last_step_seq: lastStepSeq, cursor });
    // Last, so a write that throws has staged nothing; a batch that rolls back drops it all.
    const watched = this.watched.get(runId);
    if (watched) this.stagedWatches.push({ watched, steps, state, run: write.run, last_event_seq: seq });
    return stored;
  }

  /** How many runs this store keeps a head for in memory (the runs it is driving). */
  get cachedRuns(): number {
    return this.heads.size;
  }

  /** The run's head as of the writes applied so far; throws for an unknown run. */
  private head(runId: string): RunHead {
    const known = this.pendingHeads.has(runId) ? this.pendingHeads.get(runId) : this.heads.get(runId);
    if (known) return known;
    const row = this.sql.runHead.get({ run_id: runId }) as { num: number; last_event_seq: number | null; last_step_seq: number | null } | undefined;
    if (!row) throw new Error(`run ${runId} does not exist`);
    return { num: row.num, last_event_seq: row.last_event_seq ?? 0, last_step_seq: row.last_step_seq ?? 0, cursor: null };
  }

  /**
   * A patch that settles the run (completed, failed, paused) also drops its lease: the
   * segment driving it has ended, and the lease going with the run's last write spares a
   * commit of its own on the way out of every run (lib/runtime/run-runtime.ts then only
   * forgets it). Whoever drives the run next claims it anew.
   */
  private patchRun(runId: string, patch: NonNullable<RunWrite["run"]>, dropLease: boolean): void {
    const { mask, values } = runPatchColumns(patch);
    if (mask === 0) return;
    const key = dropLease ? -mask : mask;
    let statement = this.patchStatements.get(key);
    if (!statement) {
      statement = this.db.prepare(runPatchSql(mask, dropLease));
      this.patchStatements.set(key, statement);
    }
    if (statement.run(...values, runId).changes !== 1) throw new Error(`run ${runId} does not exist`);
  }

  /** The parsed graph of a workflow version (the one cache, lib/db/graph-column.ts). */
  private versionGraph(runId: string, workflowId: string, version: number): Graph {
    const graph = versionGraph(this.db, workflowId, version, () => (this.sql.selectGraph.get(workflowId, version) as string | undefined) ?? null);
    if (!graph) throw new Error(`run ${runId}: workflow ${workflowId} has no version ${version}`);
    return graph;
  }

  async getRun(runId: string): Promise<RunRecord | null> {
    const row = this.sql.selectRun.get(runId) as RunRow | undefined;
    return row ? runFromRow(row) : null;
  }

  async loadRun(runId: string): Promise<LoadedRun | null> {
    const run = await this.getRun(runId);
    if (!run) return null;
    const graph = this.versionGraph(runId, run.workflow_id, run.workflow_version);
    const latest = this.sql.lastCheckpointSeq.get({ run_id: runId }) as number | null;
    return {
      run,
      graph,
      checkpoint: latest === null ? null : this.checkpointAt(runId, latest),
      open_steps: (this.sql.selectOpenSteps.all({ run_id: runId }) as StepRow[]).map(stepFromRow),
      last_step_seq: this.sql.lastStepSeq.get({ run_id: runId }) as number,
      last_event_seq: this.sql.lastEventSeq.get({ run_id: runId }) as number,
    };
  }

  async listSteps(runId: string): Promise<StepRecord[]> {
    return (this.sql.selectSteps.all({ run_id: runId }) as StepRow[]).map(stepFromRow);
  }

  async listCheckpoints(runId: string): Promise<CheckpointRecord[]> {
    return materializeAll((this.sql.selectCheckpoints.all({ run_id: runId }) as CheckpointRow[]).map(checkpointFromRow));
  }

  /** The state of each of the run's checkpoints (seq → state), without the rest of them. */
  async listCheckpointStates(runId: string): Promise<Map<number, State>> {
    const states = materializeStates(this.sql.selectCheckpointStates.all({ run_id: runId }) as EncodedState[]);
    return states ?? new Map((await this.listCheckpoints(runId)).map((cp) => [cp.seq, cp.state]));
  }

  /** Each checkpoint's chain link and stored bytes: of its state, and of its state, `completed` and queue. */
  async checkpointSizes(runId: string): Promise<CheckpointSize[]> {
    return this.sql.selectCheckpointSizes.all({ run_id: runId }) as CheckpointSize[];
  }

  async readBack(runId: string, statesUpToBytes?: number): Promise<RunReadBack> {
    const read = { found: findRunWithWorkflow(runId, this.db), steps: await this.listSteps(runId), sizes: await this.checkpointSizes(runId) };
    if (statesUpToBytes === undefined || read.sizes.reduce((total, s) => total + s.state_bytes, 0) > statesUpToBytes) return read;
    return { ...read, states: await this.listCheckpointStates(runId) };
  }

  /** The run's checkpoints without their contents (nothing decoded): what a list of them shows. */
  async listCheckpointHeads(runId: string): Promise<{ seq: number; step_name: string; created_at: number }[]> {
    return (this.sql.selectCheckpointHeads.all({ run_id: runId }) as { seq: number; step_name: string; created_at: string }[]).map((r) => ({ ...r, created_at: epochMs(r.created_at) as number }));
  }

  async getCheckpoint(runId: string, seq: number): Promise<CheckpointRecord | null> {
    return this.checkpointAt(runId, seq);
  }

  async listEvents(runId: string, afterSeq: number): Promise<StoredEvent[]> {
    return (this.sql.selectEvents.all({ run_id: runId, after: afterSeq }) as EventRow[]).map(eventFromRow);
  }

  private checkpointAt(runId: string, seq: number): CheckpointRecord | null {
    const start = this.sql.chainStart.get({ run_id: runId, seq }) as number | undefined;
    if (start === undefined) return null;
    const rows = (this.sql.selectCheckpointRange.all({ run_id: runId, from: start, to: seq }) as CheckpointRow[]).map(checkpointFromRow);
    const bySeq = new Map(rows.map((r) => [r.seq, r]));
    const chain = checkpointChain(seq, (s) => bySeq.get(s));
    return chain ? materialize(chain) : null;
  }
}

/** A checkpoint's chain link and stored bytes (see `SqliteRunStore.checkpointSizes`). */

const NONE: ReadonlySet<number> = new Set();

/** A step's place in a batch: its write's index and its index in that write's steps. */
const stepSlot = (write: number, step: number) => write * 2 ** 24 + step;

/**
 * The places ({@link stepSlot}) of the steps of a batch that a later write of the same
 * batch writes again (same run, id and seq): only the last version of such a row needs
 * writing, since the batch commits as one. A caller's own write (`batched`) is a barrier:
 * it may read what came before it.
 */
function supersededSteps(writes: readonly (RunWrite | BatchedWrite)[]): ReadonlySet<number> {
  if (writes.length < 2) return NONE;
  let superseded: Set<number> | null = null;
  // Step ids are unique (the table's key), so a later version is found by id.
  const later = new Map<string, StepRecord>();
  for (let i = writes.length - 1; i >= 0; i--) {
    const write = writes[i];
    if ("batched" in write) {
      later.clear();
      continue;
    }
    const steps = write.steps ?? [];
    for (let j = steps.length - 1; j >= 0; j--) {
      const step = steps[j];
      const next = later.get(step.id);
      if (next && next.run_id === step.run_id && next.seq === step.seq) (superseded ??= new Set()).add(stepSlot(i, j));
      else later.set(step.id, step);
    }
  }
  return superseded ?? NONE;
}

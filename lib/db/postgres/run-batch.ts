/**
 * One group commit of the run store, planned: the writes of a batch (engine commits, triggered
 * runs, lease releases) turned into a few statements (run-statements.ts), and what each write
 * answers once they have committed. See PostgresRunStore for the store around it.
 *
 * The rows of a batch are gathered per table, so the order of the statements is by table, not
 * by write. Where that could change an outcome, the batch is cut into segments, each with its
 * own statements, in order: a run's write that follows a write setting its status to anything
 * but completed or failed (a start, a resume) goes into a new segment, and such a segment
 * writes its tables one statement each, steps before the run patch — so the spend-unfold
 * trigger on that status change sees the run's steps exactly as SQLite's does. A step is
 * upserted whatever its seq (SQLite updates a known one first: a cheaper statement there).
 */
import type pg from "pg";
import { leaseLost } from "../../../engine/errors";
import { SETTLED_STATUSES, settles, type RunPatch, type RunWrite, type StepRecord, type StoredEvent } from "../../../engine/ports";
import { encodeCheckpoint, type CodecPolicy, type EncodedState, type EncoderCursor } from "../../../engine/store/checkpoint-codec";
import { GENESIS_HASH } from "../audit-hash";
import { canonicalJson } from "../canonical-json";
import { newId } from "../ids";
import type { AuditInput, NewRunRow, PreparedRunJob } from "../ports";
import { sqlTime, toIsoTimestamp } from "../timestamps";
import type { Outcome } from "./group-commit";
import { eventsNotice, type CommittedEvents } from "./notices";
import { isPostgresPreparedJob } from "./run-queue";
import { checkpointValues, emptyPatch, mergePatch, stepValues, type MergedPatch } from "./run-rows";
import { bind, fenceRefused, CHECKPOINT_ARRAYS, EVENT_ARRAYS, isNullIn, PATCH_ARRAYS, ROW_TABLES, rowsStatement, STEP_ARRAYS, WRITE, type RowTable } from "./run-statements";

/** One thing a batch writes. */
export type RunJob =
  | { kind: "write"; write: RunWrite }
  | { kind: "triggered"; run: NewRunRow; audit: AuditInput; job?: PreparedRunJob }
  | { kind: "release"; runId: string; owner: string; unless?: () => boolean };

/** What the store remembers per run between commits (valid while this process drives the run). */
export interface RunHead {
  /** The run's number: its rows are keyed by it. Null for a run inserted by the batch being planned. */
  num: number | null;
  last_event_seq: number;
  /** Null: unknown here, so the next checkpoint is written as a full snapshot. */
  cursor: EncoderCursor | null;
}

/** A run's head as a batch leaves it; `keep: false` forgets it once the batch commits (the run settled, or a write failed). */
export interface NextHead {
  head: RunHead;
  keep: boolean;
}

/** What a committed write adds to a watched run, in write order. */
export interface StagedWatch {
  runId: string;
  /** The run's last event seq before the write (another writer's rows in between make the watch stale). */
  before: number;
  steps: readonly StepRecord[];
  state: EncodedState | null;
  run: RunPatch | undefined;
  last_event_seq: number;
}

export interface PlanContext {
  /** The run's head before the batch (undefined: the run does not exist). */
  head(runId: string): RunHead | undefined;
  now(): number;
  codec?: CodecPolicy;
  isWatched(runId: string): boolean;
  /** Runs fenced already by the transaction this plan is part of (the write-by-write attempt's earlier writes). */
  fenced?: ReadonlySet<string>;
  /** Whether the events notice goes on the release before's channel too (notices.ts). */
  noticeEarlierRelease: boolean;
}

/** Rows bound as one array per column, as `unnest` reads them. */
class Columns {
  readonly arrays: unknown[][];
  constructor(width: number) {
    this.arrays = Array.from({ length: width }, () => []);
  }
  get length(): number {
    return this.arrays[0].length;
  }
  push(values: readonly unknown[]): number {
    for (let i = 0; i < values.length; i++) this.arrays[i].push(values[i]);
    return this.length - 1;
  }
  set(row: number, values: readonly unknown[]): void {
    for (let i = 0; i < values.length; i++) this.arrays[i][row] = values[i];
  }
}

class Segment {
  /** Triggered runs' statements, before the rows that may refer to them. */
  readonly pre: { query: pg.QueryConfig; source: Source; slot?: TriggeredSlot }[] = [];
  readonly steps = new Columns(STEP_ARRAYS);
  /** (run, seq) → the step id and row holding it: a later version of the step replaces the row. */
  readonly stepRows = new Map<string, { id: string; row: number }>();
  readonly checkpoints = new Columns(CHECKPOINT_ARRAYS);
  readonly events = new Columns(EVENT_ARRAYS);
  readonly patches = new Map<string, MergedPatch>();
  readonly releases: [ids: string[], owners: string[]] = [[], []];
  /** Runs whose status this segment moves away from settled: their later writes go into the next one. */
  readonly unsettled = new Set<string>();
  /** Index of this segment's patch statement in the plan. */
  patchStatement = -1;
}

/** What a write of the plan answers. */
type Slot =
  | { kind: "refused"; error: Error }
  | { kind: "write"; runId: string; events: StoredEvent[] }
  | TriggeredSlot
  | { kind: "done" };

/** A triggered run's answer: its number, from its insert (statement index `statement`). */
interface TriggeredSlot {
  kind: "triggered";
  runId: string;
  statement: number;
}

/** What a statement of the plan is, to name a write's failure. */
type Source = { kind: "step"; runId: string; seq: number } | { kind: "triggered"; run: NewRunRow } | { kind: "fence" } | { kind: "other" };

const refusedAfterFailure = (runId: string) => new Error(`an earlier write of run ${runId} in the same commit failed`);

/**
 * The statements for a sequence of jobs and their answers. `perStep`: each step row in its own
 * statement (the write-by-write attempt, where a refusal must name its step).
 */
export class RunBatchPlan {
  /** The heads this plan's writes leave, to merge into the store's once it commits. */
  readonly heads = new Map<string, NextHead>();
  readonly staged: StagedWatch[] = [];
  readonly statements: pg.QueryConfig[] = [];
  /** The notices, sent once the plan's transaction has committed (group-commit.ts `after`). */
  readonly after: pg.QueryConfig[] = [];
  private readonly sources: Source[] = [];
  private readonly slots: Slot[] = [];
  private readonly segments: Segment[] = [new Segment()];
  /** The fenced runs of the batch and the lease holder each one's writes expect (its first write's fence). */
  private readonly fences = new Map<string, string>();
  /** Per run with events in this plan: its last seq, and whether it settled. */
  private readonly announced = new Map<string, CommittedEvents>();
  private auditLocked = false;
  /** Whether the plan sends the workers' `work` notice already (once is enough for all its jobs). */
  private woken = false;

  constructor(
    private readonly ctx: PlanContext,
    private readonly failedRuns: Set<string>,
    private readonly perStep = false,
  ) {}

  /** The runs this plan fences. */
  get fencedRuns(): Iterable<string> {
    return this.fences.keys();
  }

  private head(runId: string): RunHead | undefined {
    return this.heads.get(runId)?.head ?? this.ctx.head(runId);
  }

  private get segment(): Segment {
    return this.segments[this.segments.length - 1];
  }

  /** Adds a job; returns its refusal when it is refused before anything is sent. */
  add(job: RunJob): Error | null {
    let slot: Slot;
    if (job.kind === "write") slot = this.addWrite(job.write);
    else if (job.kind === "triggered") slot = this.addTriggered(job.run, job.audit, job.job);
    else {
      if (!job.unless?.()) {
        this.segment.releases[0].push(job.runId);
        this.segment.releases[1].push(job.owner);
      }
      slot = { kind: "done" };
    }
    this.slots.push(slot);
    return slot.kind === "refused" ? slot.error : null;
  }

  /** Refuses a write: the run's later writes of the batch are refused too, and its head is forgotten once the batch commits. */
  private refuse(runId: string, error: Error, head?: RunHead): Slot {
    this.failedRuns.add(runId);
    const known = this.heads.get(runId);
    if (known) known.keep = false;
    else if (head) this.heads.set(runId, { head, keep: false });
    return { kind: "refused", error };
  }

  private addWrite(write: RunWrite): Slot {
    const runId = write.run_id;
    if (this.failedRuns.has(runId)) return { kind: "refused", error: refusedAfterFailure(runId) };
    const head = this.head(runId);
    if (!head) return this.refuse(runId, new Error(`run ${runId} does not exist`));
    // 1. Everything that can throw, before anything is gathered: a refused write adds nothing.
    let rows: { steps: unknown[][]; events: unknown[][]; checkpoint: unknown[] | null; state: EncodedState | null; cursor: EncoderCursor | null; stored: StoredEvent[] };
    const settled = write.run?.status !== undefined && SETTLED_STATUSES.has(write.run.status);
    const patch = emptyPatch();
    try {
      const steps = (write.steps ?? []).map((step) => {
        if (step.run_id !== runId) throw new Error(`step ${step.id} belongs to run ${step.run_id}, not ${runId}`);
        return [head.num, ...stepValues(step)];
      });
      if (write.run) mergePatch(patch, write.run, settled);
      const createdAt = this.ctx.now();
      const at = sqlTime(createdAt);
      let seq = head.last_event_seq;
      const stored: StoredEvent[] = [];
      const events = (write.events ?? []).map((event) => {
        seq++;
        // The returned events carry the caller's own objects; what is stored is their JSON.
        stored.push({ run_id: runId, seq, type: event.type, data: event, created_at: createdAt });
        return [head.num, runId, seq, event.type, JSON.stringify(event), at];
      });
      let checkpoint: unknown[] | null = null;
      let state: EncodedState | null = null;
      let cursor = head.cursor;
      if (write.checkpoint) {
        if (write.checkpoint.run_id !== runId) throw new Error(`checkpoint of run ${write.checkpoint.run_id} written to run ${runId}`);
        // Consumes the cursor: from here on the write is gathered whole.
        const encoded = encodeCheckpoint(write.checkpoint, cursor, this.ctx.codec);
        checkpoint = [head.num, ...checkpointValues(encoded.row)];
        state = encoded.row;
        cursor = encoded.cursor;
      }
      rows = { steps, events, checkpoint, state, cursor, stored };
    } catch (e) {
      return this.refuse(runId, e instanceof Error ? e : new Error(String(e)), head);
    }
    // 2. Gather the rows into the current segment (or a new one, see the header).
    if (write.fence !== undefined && !this.fences.has(runId) && !this.ctx.fenced?.has(runId)) this.fences.set(runId, write.fence);
    if (this.segment.unsettled.has(runId)) this.segments.push(new Segment());
    const segment = this.segment;
    rows.steps.forEach((values, i) => this.addStep(segment, runId, (write.steps ?? [])[i], values));
    if (rows.checkpoint) segment.checkpoints.push(rows.checkpoint);
    for (const values of rows.events) segment.events.push(values);
    if (write.run) {
      const merged = segment.patches.get(runId) ?? emptyPatch();
      mergePatch(merged, write.run, settled);
      segment.patches.set(runId, merged);
      if (write.run.status !== undefined && !settled) segment.unsettled.add(runId);
    }
    const lastEventSeq = head.last_event_seq + rows.events.length;
    // A settled run is forgotten once this commits: the engine writes to it again only if it
    // is resumed or approved, and then its head is read again and it checkpoints in full once.
    this.heads.set(runId, { head: { num: head.num, last_event_seq: lastEventSeq, cursor: rows.cursor }, keep: !settled });
    if (rows.stored.length > 0) {
      this.announced.set(runId, { runId, seq: lastEventSeq, settled: rows.stored.some(settles) || (this.announced.get(runId)?.settled ?? false) });
    }
    if (this.ctx.isWatched(runId)) this.staged.push({ runId, before: head.last_event_seq, steps: write.steps ?? [], state: rows.state, run: write.run, last_event_seq: lastEventSeq });
    return { kind: "write", runId, events: rows.stored };
  }

  private addStep(segment: Segment, runId: string, step: StepRecord, values: unknown[]): void {
    if (this.perStep) {
      const one = new Columns(STEP_ARRAYS);
      one.push(values);
      this.emit(bind(rowsStatement(["steps"]), one.arrays), { kind: "step", runId, seq: step.seq });
      return;
    }
    // A step started and settled within one batch is written once, in its last version.
    const key = `${runId}\u0000${step.seq}`;
    const known = segment.stepRows.get(key);
    if (known && known.id === step.id) segment.steps.set(known.row, values);
    else segment.stepRows.set(key, { id: step.id, row: segment.steps.push(values) });
  }

  private addTriggered(run: NewRunRow, audit: AuditInput, job: PreparedRunJob | undefined): Slot {
    const pre = this.segment.pre;
    const at = sqlTime(run.createdAt);
    const slot: TriggeredSlot = { kind: "triggered", runId: run.id, statement: -1 };
    pre.push({ query: bind(WRITE.copyVersion, [newId(), run.workflowId, run.workflowVersion, at, run.createdBy.id]), source: { kind: "other" } });
    const values = [
      run.id, run.workflowId, run.workflowVersion, JSON.stringify(run.input), JSON.stringify(run.options), run.createdBy.id, run.createdBy.type,
      run.createdBy.name, run.createdBy.owner_id ?? null, at, run.leaseOwner, run.leaseExpiresAt === null ? null : sqlTime(run.leaseExpiresAt),
    ];
    pre.push({ query: bind(WRITE.triggeredRun, values), source: { kind: "triggered", run }, slot });
    // The run queue's job for it, in the same transaction: never a job without its run, nor the reverse.
    if (job) {
      if (!isPostgresPreparedJob(job)) throw new Error(`run ${run.id}: its job was not prepared by this database's run queue`);
      pre.push({ query: job.query, source: { kind: "other" } });
      if (!this.woken) this.after.push(job.wake);
      this.woken = true;
    }
    // One lock for the transaction: it is held until the end of it.
    if (!this.auditLocked) pre.push({ query: bind(WRITE.auditLock, []), source: { kind: "other" } });
    this.auditLocked = true;
    pre.push({ query: auditAppend(audit), source: { kind: "other" } });
    this.heads.set(run.id, { head: { num: null, last_event_seq: 0, cursor: null }, keep: true });
    return slot;
  }

  private emit(query: pg.QueryConfig, source: Source = { kind: "other" }): number {
    this.statements.push(query);
    this.sources.push(source);
    return this.statements.length - 1;
  }

  /** Emits every segment's statements; call once, after the last {@link add}. */
  finish(): this {
    // First: the fence locks the runs' rows before anything of the batch is written.
    if (this.fences.size > 0) this.emit(bind(WRITE.fence, [[...this.fences.keys()], [...this.fences.values()]]), { kind: "fence" });
    for (const segment of this.segments) {
      for (const { query, source, slot } of segment.pre) {
        const index = this.emit(query, source);
        if (slot) slot.statement = index;
      }
      const rows: Partial<Record<RowTable, unknown[][]>> = {};
      if (segment.steps.length > 0) rows.steps = segment.steps.arrays;
      if (segment.checkpoints.length > 0) rows.checkpoints = segment.checkpoints.arrays;
      if (segment.events.length > 0) rows.events = segment.events.arrays;
      if (segment.patches.size > 0) rows.patches = patchArrays(segment.patches);
      const tables = ROW_TABLES.filter((t) => rows[t]);
      // A status leaving completed or failed fires the spend-unfold trigger, which reads the
      // run's steps: they are written before the patch, each table by itself (see rowsStatement).
      for (const group of segment.unsettled.size > 0 ? tables.map((t) => [t]) : tables.length > 0 ? [tables] : []) {
        const index = this.emit(bind(rowsStatement(group), group.flatMap((t) => rows[t] as unknown[][])));
        if (group.includes("patches")) segment.patchStatement = index;
      }
      if (segment.releases[0].length > 0) this.emit(bind(WRITE.releases, segment.releases));
    }
    // After: the other processes hear of the events once (and only if) they commit.
    if (this.announced.size > 0) this.after.push(eventsNotice([...this.announced.values()], this.ctx.noticeEarlierRelease));
    return this;
  }

  /** Each job's answer from the statements' results (all of them succeeded). */
  outcomes(results: readonly pg.QueryResult[]): Outcome<unknown>[] {
    // A patched run the UPDATE did not find is gone: its writes held nothing else (their rows
    // would have failed the batch on the foreign key), so refusing them is the whole truth.
    const missing = new Set<string>();
    for (const segment of this.segments) {
      if (segment.patchStatement < 0) continue;
      const found = new Set(results[segment.patchStatement].rows.map((r: { id: string }) => r.id));
      for (const runId of segment.patches.keys()) if (!found.has(runId)) missing.add(runId);
    }
    for (const runId of missing) {
      const known = this.heads.get(runId);
      if (known) known.keep = false;
    }
    return this.slots.map((slot): Outcome<unknown> => {
      switch (slot.kind) {
        case "refused":
          return { ok: false, error: slot.error };
        case "write":
          return missing.has(slot.runId) ? { ok: false, error: new Error(`run ${slot.runId} does not exist`) } : { ok: true, value: slot.events };
        case "triggered": {
          const known = this.heads.get(slot.runId);
          if (known && known.head.num === null) known.head.num = Number(results[slot.statement].rows[0].num);
          return { ok: true, value: undefined };
        }
        case "done":
          return { ok: true, value: undefined };
      }
    });
  }

  /** Why the plan's only job is refused, from the error of its statement `index` (null: not a statement's). */
  refusal(error: unknown, index: number | null): Error {
    const source = index === null ? undefined : this.sources[index];
    const fenced = source?.kind === "fence" ? fenceRefused(error) : null;
    if (fenced !== null) return leaseLost(fenced, this.fences.get(fenced) ?? "this process");
    if (source?.kind === "step" && isNullIn(error, "steps", "id")) return new Error(`run ${source.runId} already has another step at seq ${source.seq}`);
    if (source?.kind === "triggered" && isNullIn(error, "runs", "workflow_version")) {
      return new Error(`workflow ${source.run.workflowId} has no version ${source.run.workflowVersion} to run`);
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** The patch statement's arrays: per run its id, mask, lease drop and one value per field. */
function patchArrays(patches: Map<string, MergedPatch>): unknown[][] {
  const columns = new Columns(PATCH_ARRAYS);
  for (const [runId, p] of patches) columns.push([runId, p.mask, p.dropLease, ...p.values]);
  return columns.arrays;
}

/**
 * The text whose hash, after the previous row's, is an audit row's (lib/db/audit-hash.ts
 * `auditHashOfText`: `sha256hex(prev_hash + body)`). The append statement prefixes the chain
 * head it reads and hashes it (run-statements.ts); run-store.test.ts checks both agree.
 */
export function auditBody(content: { id: string; action: string; actor_id: string; actor_type: string | null; actor_name: string | null; target_type: string; target_id: string; created_at: string }, detailsJson: string): string {
  const s = JSON.stringify;
  const actor = content.actor_type === null ? "" : `,"actor_name":${s(content.actor_name ?? "")},"actor_type":${s(content.actor_type)}`;
  return (
    `{"action":${s(content.action)},"actor_id":${s(content.actor_id)}${actor},"created_at":${s(content.created_at)},"details":${detailsJson}` +
    `,"id":${s(content.id)},"target_id":${s(content.target_id)},"target_type":${s(content.target_type)}}`
  );
}

/** The statement appending `input` to the audit chain (after the audit lock, in the same transaction). */
function auditAppend(input: AuditInput) {
  const at = input.at ?? new Date();
  const content = {
    id: newId(), action: input.action, actor_id: input.actor.id, actor_type: input.actor.type, actor_name: input.actor.name,
    target_type: input.targetType, target_id: input.targetId, created_at: toIsoTimestamp(at),
  };
  // Stored canonical, so a verification can hash the stored text as it is.
  const details = canonicalJson(input.details ?? {});
  return bind(WRITE.audit, [
    content.id, content.action, content.actor_id, content.actor_type, content.actor_name, content.target_type, content.target_id, details,
    sqlTime(at.getTime()), auditBody(content, details), GENESIS_HASH,
  ]);
}

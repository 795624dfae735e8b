/**
 * The engine's {@link RunStore} on PostgreSQL (passes engine/store/contract.ts), with the run
 * host's reads and writes ({@link RunHostStore}): the PostgreSQL twin of lib/db/run-store.ts.
 *
 * The hot path is built like SQLite's: named statements on the pg driver underneath (Prisma
 * keeps the schema and migrations), a run's rows keyed by its number, checkpoints as bounded
 * delta chains (engine/store/checkpoint-codec.ts), step inputs by reference, and group commit
 * (group-commit.ts): every write of one event-loop turn — engine commits, triggered runs, lease
 * releases — goes into one transaction, sent with its COMMIT in one round trip, its rows
 * written by one statement (run-batch.ts, run-statements.ts), and the notice telling other
 * processes of its events sent in it (notices.ts). What costs more here than there
 * is the round trip, the server's work and the commit's WAL flush; each is paid once per
 * batch, however many writes it holds (bench/README.md, "Engine on PostgreSQL").
 *
 * Importable without `server-only` (bench/ runs it under tsx).
 */
import type pg from "pg";
import type { Graph } from "../../../engine/graph/schema";
import type { CheckpointRecord, LoadedRun, NewRun, RunPatch, RunRecord, RunWrite, State, StepRecord, StoredEvent } from "../../../engine/ports";
import { checkpointChain, materialize, materializeAll, materializeStates, type CodecPolicy, type EncodedState } from "../../../engine/store/checkpoint-codec";
import { versionGraph } from "../graph-column";
import { newId } from "../ids";
import type { AuditInput, CheckpointSize, NewRunRow, PreparedRunJob, RunHostStore, RunLeaseStore, RunReadBack, RunWatch } from "../ports";
import { patchStored, storedStep } from "../run-rows";
import { sqlTime } from "../timestamps";
import type { EarlierListeners } from "./earlier-listeners";
import { NO_SEQSCAN, PgGroupCommit, type AloneAttempt, type GroupCommitOwner } from "./group-commit";
import { postgresLeases } from "./leases";
import { RunBatchPlan, type PlanContext, type RunHead, type RunJob } from "./run-batch";
import { checkpointFromRow, eventFromRow, runFromRow, stepFromRow, type CheckpointRow, type EventRow, type RunRow, type StepRow } from "./run-rows";
import { RUN_WITH_WORKFLOW, runWithWorkflowOf } from "./run-queries";
import { bind, READ, WRITE, type Statement } from "./run-statements";
import { turnReadsOf, type TurnReads } from "./turn-reads";

export interface PostgresRunStoreOptions {
  /** Timestamp source for stored events (default `Date.now`). */
  now?: () => number;
  codec?: CodecPolicy;
  /** `created_by` of workflow_versions rows a run creates (default "engine"). */
  versionAuthor?: string;
  /**
   * `off`: a group commit answers before PostgreSQL has flushed its WAL to disk (`SET LOCAL
   * synchronous_commit`, for the store's own transactions only). A crash of the database
   * server or its machine may then lose the last moment's commits, never corrupt anything —
   * the guarantee SQLite's WAL with synchronous=NORMAL gives. Left out: the server's setting
   * (by default a commit waits for the flush).
   */
  synchronousCommit?: "on" | "off";
  /**
   * Whether a listener of the release before is connected: each commit's events notice
   * (notices.ts) then goes on its channel too. Left out: never.
   */
  earlierListeners?: EarlierListeners;
}

interface Watched {
  /** Latest committed version of each step, by seq. */
  steps: Map<number, StepRecord>;
  states: EncodedState[];
  /** The committed writes' patches of the run, merged. */
  run: RunPatch;
  /** The run's last event seq as of this store's last committed write to it. */
  last_event_seq: number;
  /** Another writer's rows came between this store's writes to the run. */
  stale: boolean;
}

/** The attempt in flight: what its plans leave, applied once it commits. */
interface Attempt {
  jobs: readonly RunJob[];
  plans: RunBatchPlan[];
  /** Runs whose head is forgotten when it commits (a write of theirs failed). */
  forget: Set<string>;
}

/** How many heads of loaded runs wait for their first commit here, at most (the oldest go first). */
const LOADED_HEADS = 4_096;

/** The answer's run with its workflow's name, prepared once per connection like the store's own statements. */
const RUN_WITH_WORKFLOW_STATEMENT: Statement = { name: "switchyard_run_with_workflow", text: RUN_WITH_WORKFLOW };

const runOf = (job: RunJob): string | null => (job.kind === "write" ? job.write.run_id : job.kind === "triggered" ? job.run.id : null);

/**
 * Construct with a pg Pool (the app's, or a test's or benchmark's). Keep one instance per
 * process or thread: it caches each run's last event seq and encoder cursor between commits.
 */
export class PostgresRunStore implements RunHostStore {
  readonly leases: RunLeaseStore;
  private readonly heads = new Map<string, RunHead>();
  /**
   * The heads of runs loaded to be driven (loadRun), for their first commit here: it then
   * needs no read of its own. Taken by that commit; a run loaded and never written is
   * forgotten once {@link LOADED_HEADS} newer ones came.
   */
  private readonly loadedHeads = new Map<string, RunHead>();
  private readonly group: PgGroupCommit<RunJob>;
  private readonly now: () => number;
  private readonly watched = new Map<string, Watched>();
  private attempt: Attempt = { jobs: [], plans: [], forget: new Set() };
  /** Reads sent with the others of their turn (a worker's loads, a web process's read-backs): one round trip for them all. */
  private readonly together: TurnReads;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PostgresRunStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.group = new PgGroupCommit(pool, this.owner());
    this.together = turnReadsOf(pool);
    this.leases = postgresLeases(pool, ({ runId, owner, unless }) =>
      (this.group.submit({ kind: "release", runId, owner, unless }) as Promise<void>).catch((err: unknown) => {
        // After the pool ended (shutdown) the lease simply expires.
        if (!pool.ended) throw err;
      }),
    );
  }

  /** How many runs this store keeps a head for in memory (the runs it is driving). */
  get cachedRuns(): number {
    return this.heads.size;
  }

  async createRun(run: NewRun): Promise<void> {
    const result = await this.pool.query<{ num: number }>(
      bind(WRITE.createRun, [
        run.id, run.workflow_id, run.workflow_version, JSON.stringify(run.graph), sqlTime(run.created_at), this.options.versionAuthor ?? "engine",
        JSON.stringify(run.input), JSON.stringify(run.options), run.triggered_by?.id ?? "local", run.triggered_by?.type ?? "system",
        run.triggered_by?.name ?? "Local user", run.triggered_by?.owner_id ?? null, newId(),
      ]),
    );
    this.heads.set(run.id, { num: result.rows[0].num, last_event_seq: 0, cursor: null });
  }

  commit(write: RunWrite): Promise<StoredEvent[]> {
    return this.group.submit({ kind: "write", write }) as Promise<StoredEvent[]>;
  }

  /**
   * A triggered run's row and its `run.trigger` audit row, in the next group commit: the
   * engine's `run_start` checkpoint submitted in the same turn lands in the same transaction.
   */
  insertTriggered({ run, audit, job }: { run: NewRunRow; audit: AuditInput; job?: PreparedRunJob }): Promise<void> {
    return this.group.submit({ kind: "triggered", run, audit, job }) as Promise<void>;
  }

  /**
   * Keep the run's steps and checkpoint states in memory as its writes commit, until
   * `stop()`: a caller waiting for the run (`?wait=`) then answers without reading them back.
   * Start watching before the run's first write (it starts empty). `read()` answers null once
   * another writer's rows came between this store's writes to the run; unlike SQLite's, it
   * cannot look (the port's `read` is synchronous) for rows written after this store's last.
   */
  watch(runId: string): RunWatch {
    const watched: Watched = { steps: new Map(), states: [], run: {}, last_event_seq: 0, stale: false };
    this.watched.set(runId, watched);
    return {
      read: () => (watched.stale ? null : { steps: [...watched.steps.values()].sort((a, b) => a.seq - b.seq), states: watched.states, run: { ...watched.run } }),
      stop: () => {
        if (this.watched.get(runId) === watched) this.watched.delete(runId);
      },
    };
  }

  /** The group commit's side of this store: plans each attempt and keeps the caches in step with what commits. */
  private owner(): GroupCommitOwner<RunJob> {
    const sync = this.options.synchronousCommit;
    let aloneHeads = new Map<string, RunHead>();
    let aloneFailed = new Set<string>();
    let aloneFenced = new Set<string>();
    return {
      // Generic plans: the batch statements' plans do not depend on their arrays' contents, and
      // planning each execution anew cost more than executing it. Each connection plans them
      // once, on its first batch — on a new database, while `runs` is all but empty, when a
      // scan of the whole table looks cheapest for looking runs up by id, and that plan would
      // then scan every run of every later batch. Without sequential scans they look runs up
      // in its primary key whatever its size.
      prelude: `SET LOCAL plan_cache_mode TO force_generic_plan; ${NO_SEQSCAN}${sync ? `; SET LOCAL synchronous_commit TO ${sync === "off" ? "off" : "on"}` : ""}`,
      together: async (jobs, client) => {
        // Runs this store has no head for (and no job of the batch creates): one read for all.
        const created = new Set<string>();
        const unknown = new Set<string>();
        const loaded = new Map<string, RunHead>();
        for (const job of jobs) {
          if (job.kind === "triggered") created.add(job.run.id);
          else if (job.kind === "write" && !this.heads.has(job.write.run_id) && !created.has(job.write.run_id)) {
            const head = this.loadedHeads.get(job.write.run_id);
            if (head) loaded.set(job.write.run_id, head);
            else unknown.add(job.write.run_id);
          }
        }
        for (const runId of loaded.keys()) this.loadedHeads.delete(runId);
        if (unknown.size > 0) for (const [runId, head] of await this.readHeads(client, [...unknown])) loaded.set(runId, head);
        const plan = new RunBatchPlan(this.planContext((id) => this.heads.get(id) ?? loaded.get(id)), new Set());
        for (const job of jobs) plan.add(job);
        plan.finish();
        this.attempt = { jobs, plans: [plan], forget: new Set() };
        return { statements: plan.statements, after: plan.after, outcomes: (results) => plan.outcomes(results) };
      },
      beforeAlone: async (jobs, client) => {
        const runs = new Set<string>();
        for (const job of jobs) if (job.kind === "write") runs.add(job.write.run_id);
        aloneHeads = await this.readHeads(client, [...runs]);
        aloneFailed = new Set();
        aloneFenced = new Set();
        this.attempt = { jobs, plans: [], forget: new Set() };
      },
      alone: (job): AloneAttempt | Error => {
        const plan = new RunBatchPlan({ ...this.planContext((id) => aloneHeads.get(id)), fenced: aloneFenced }, aloneFailed, true);
        const runId = runOf(job);
        const fail = () => {
          if (job.kind !== "write" || !runId) return;
          aloneFailed.add(runId);
          aloneHeads.delete(runId);
          this.attempt.forget.add(runId);
        };
        const refused = plan.add(job);
        if (refused) {
          fail();
          return refused;
        }
        plan.finish();
        return {
          statements: plan.statements,
          after: plan.after,
          settle: (results) => {
            const [outcome] = plan.outcomes(results);
            if (!outcome.ok) throw outcome.error;
            for (const [id, next] of plan.heads) aloneHeads.set(id, next.head);
            for (const id of plan.fencedRuns) aloneFenced.add(id);
            this.attempt.plans.push(plan);
            return outcome.value;
          },
          refused: (error, index) => {
            fail();
            return plan.refusal(error, index);
          },
        };
      },
      committed: () => {
        for (const plan of this.attempt.plans) {
          for (const [runId, next] of plan.heads) {
            if (next.keep) this.heads.set(runId, next.head);
            else this.heads.delete(runId);
          }
          this.commitWatches(plan);
        }
        for (const runId of this.attempt.forget) this.heads.delete(runId);
        this.attempt = { jobs: [], plans: [], forget: new Set() };
      },
      aborted: () => {
        // The attempt's encoder cursors were consumed: its runs checkpoint in full next time.
        for (const job of this.attempt.jobs) {
          const runId = runOf(job);
          if (runId) this.heads.delete(runId);
        }
        this.attempt = { jobs: this.attempt.jobs, plans: [], forget: new Set() };
      },
    };
  }

  private planContext(head: (runId: string) => RunHead | undefined): PlanContext {
    return {
      head,
      now: this.now,
      codec: this.options.codec,
      isWatched: (runId) => this.watched.has(runId),
      noticeEarlierRelease: this.options.earlierListeners?.present() ?? false,
    };
  }

  private commitWatches(plan: RunBatchPlan): void {
    for (const { runId, before, steps, state, run, last_event_seq } of plan.staged) {
      const watched = this.watched.get(runId);
      if (!watched) continue;
      if (before !== watched.last_event_seq) watched.stale = true;
      for (const step of steps) watched.steps.set(step.seq, storedStep(step));
      if (state) watched.states.push(state);
      if (run) patchStored(watched.run, run);
      watched.last_event_seq = last_event_seq;
    }
  }

  /** The heads of the runs among `runIds` that exist, as stored. */
  private async readHeads(client: pg.PoolClient, runIds: string[]): Promise<Map<string, RunHead>> {
    const heads = new Map<string, RunHead>();
    if (runIds.length === 0) return heads;
    const rows = (await client.query<{ id: string; num: number; last_event_seq: number }>(bind(READ.heads, [runIds]))).rows;
    for (const r of rows) heads.set(r.id, { num: r.num, last_event_seq: r.last_event_seq, cursor: null });
    return heads;
  }

  private async rows<T extends pg.QueryResultRow>(s: Statement, values: unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(bind(s, values))).rows;
  }

  /** The parsed graph of a workflow version (the one cache, lib/db/graph-column.ts, kept per pool). */
  private async versionGraph(runId: string, workflowId: string, version: number): Promise<Graph> {
    const cached = versionGraph(this.pool, workflowId, version, () => null);
    if (cached) return cached;
    const [row] = await this.rows<{ graph: string }>(READ.graph, [workflowId, version]);
    const graph = row ? versionGraph(this.pool, workflowId, version, () => row.graph) : null;
    if (!graph) throw new Error(`run ${runId}: workflow ${workflowId} has no version ${version}`);
    return graph;
  }

  async getRun(runId: string): Promise<RunRecord | null> {
    const [row] = await this.rows<RunRow>(READ.run, [runId]);
    return row ? runFromRow(row) : null;
  }

  async loadRun(runId: string): Promise<LoadedRun | null> {
    const [loaded, open, chain] = await this.together.read([bind(READ.loaded, [runId]), bind(READ.openSteps, [runId]), bind(READ.latestChain, [runId])]);
    const row = loaded.rows[0] as (RunRow & { num: number; last_step_seq: number; last_event_seq: number }) | undefined;
    if (!row) return null;
    if (!this.heads.has(runId)) {
      this.loadedHeads.delete(runId);
      this.loadedHeads.set(runId, { num: row.num, last_event_seq: row.last_event_seq, cursor: null });
      if (this.loadedHeads.size > LOADED_HEADS) this.loadedHeads.delete(this.loadedHeads.keys().next().value!);
    }
    const run = runFromRow(row);
    const graph = await this.versionGraph(runId, run.workflow_id, run.workflow_version);
    const rows = (chain.rows as CheckpointRow[]).map(checkpointFromRow);
    return {
      run,
      graph,
      checkpoint: rows.length === 0 ? null : this.chainOf(rows, rows[rows.length - 1].seq),
      open_steps: (open.rows as StepRow[]).map(stepFromRow),
      last_step_seq: row.last_step_seq,
      last_event_seq: row.last_event_seq,
    };
  }

  async listSteps(runId: string): Promise<StepRecord[]> {
    return (await this.rows<StepRow>(READ.steps, [runId])).map(stepFromRow);
  }

  async listCheckpoints(runId: string): Promise<CheckpointRecord[]> {
    return materializeAll((await this.rows<CheckpointRow>(READ.checkpoints, [runId])).map(checkpointFromRow));
  }

  /** The state of each of the run's checkpoints (seq → state), without the rest of them. */
  async listCheckpointStates(runId: string): Promise<Map<number, State>> {
    const states = materializeStates(await this.rows<EncodedState>(READ.checkpointStates, [runId]));
    return states ?? new Map((await this.listCheckpoints(runId)).map((cp) => [cp.seq, cp.state]));
  }

  /** Each checkpoint's chain link and stored bytes: of its state, and of its state, `completed` and queue. */
  async checkpointSizes(runId: string): Promise<CheckpointSize[]> {
    return this.rows<CheckpointSize>(READ.checkpointSizes, [runId]);
  }

  async readBack(runId: string, statesUpToBytes?: number): Promise<RunReadBack> {
    const reads: pg.QueryConfig[] = [bind(RUN_WITH_WORKFLOW_STATEMENT, [runId]), bind(READ.steps, [runId]), bind(READ.checkpointSizes, [runId])];
    if (statesUpToBytes !== undefined) reads.push(bind(READ.checkpointStatesUpTo, [runId, statesUpToBytes]));
    const [found, steps, sizes, states] = await this.together.read(reads);
    const read = { found: runWithWorkflowOf(found.rows[0]), steps: (steps.rows as StepRow[]).map(stepFromRow), sizes: sizes.rows as CheckpointSize[] };
    // No states while there are checkpoints: theirs add up to more than the bound (the statement checks it).
    const rows = states?.rows as EncodedState[] | undefined;
    const materialized = !rows || (rows.length === 0 && read.sizes.length > 0) ? null : materializeStates(rows);
    return materialized ? { ...read, states: materialized } : read;
  }

  /** The run's checkpoints without their contents (nothing decoded): what a list of them shows. */
  async listCheckpointHeads(runId: string): Promise<{ seq: number; step_name: string; created_at: number }[]> {
    return this.rows(READ.checkpointHeads, [runId]);
  }

  async getCheckpoint(runId: string, seq: number): Promise<CheckpointRecord | null> {
    if (!Number.isSafeInteger(seq) || Math.abs(seq) > 2 ** 31 - 1) return null;
    const rows = (await this.rows<CheckpointRow>(READ.chainAt, [runId, seq])).map(checkpointFromRow);
    return rows.length === 0 ? null : this.chainOf(rows, seq);
  }

  async listEvents(runId: string, afterSeq: number): Promise<StoredEvent[]> {
    // Seqs are integers from 1: a bound outside PostgreSQL's integer range is clamped to it.
    const after = Number.isNaN(afterSeq) ? 0 : Math.min(Math.max(Math.floor(afterSeq), -1), 2 ** 31 - 1);
    return (await this.rows<EventRow>(READ.events, [runId, after])).map(eventFromRow);
  }

  /** Checkpoint `seq` materialized from rows holding its chain (null: not among them). */
  private chainOf(rows: CheckpointRow[], seq: number): CheckpointRecord | null {
    const bySeq = new Map(rows.map((r) => [r.seq, r]));
    const chain = checkpointChain(seq, (s) => bySeq.get(s));
    return chain ? materialize(chain) : null;
  }
}

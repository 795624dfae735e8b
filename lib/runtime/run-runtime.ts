/**
 * The process-wide run runtime: one {@link Engine} on the thread's run store, the event bus it
 * publishes to, and the leases that say this process drives a run. Every lifecycle
 * operation that executes a run goes through {@link RunRuntime.drive}, which takes the
 * lease first and drops it when the run's segment ends (completed, failed or paused).
 */
import { Engine, type RunHandle } from "@/engine/engine";
import { EngineError, engineErrorCode, errorMessage } from "@/engine/errors";
import { createModelGateway } from "@/engine/models/gateway";
import type { Graph } from "@/engine/graph/schema";
import { SETTLED_STATUSES, type ModelGateway, type RunRecord, type SecretResolver } from "@/engine/ports";
import { defaultToolRegistry } from "@/engine/tools/registry";
import type { AuditInput, NewRunRow, RunControl, RunHostStore, RunNotices, RunQueue } from "@/lib/db";
import { storageCondition } from "@/lib/db/storage-condition";
import { LocalRunEventBus } from "./event-bus";
import { followOtherProcesses } from "./other-processes";
import { fencedRunStore } from "./fenced-store";
import { DEFAULT_LEASE_TIMINGS, LeaseKeeper, type LeaseTimings } from "./lease-keeper";
import { newProcessId } from "./process-id";
import { QueueWorker } from "./queue-worker";
import type { ProcessRole } from "./role";
import { isBadState, sweepOrphans } from "./recovery";

export interface RunRuntimeOptions {
  timings?: LeaseTimings;
  owner?: string;
  /** The LLM gateway (default: `createModelGateway()`, the mock model and no providers). */
  models?: ModelGateway;
  /** Resolves `{secrets.NAME}` for http_request (default: none, such calls fail). */
  secrets?: SecretResolver;
  stalls?: StallPolicy;
  /** Notices between processes on a shared database (null or absent: this process is alone). */
  notices?: RunNotices | null;
  /** What this process does (./role.ts; default `all`). `web` needs a `queue`. */
  role?: ProcessRole;
  /** The run queue to worker processes (null or absent: none, SQLite). */
  queue?: RunQueue | null;
  /** The most runs this process drives at once (default: no bound). */
  concurrency?: number;
}

/**
 * What recovery does with a run whose segments stop with an error (not a node failing, which
 * fails the run: the engine itself could not go on, e.g. the store refused a write). Each
 * stop is followed by a longer rest before recovery resumes it (`base_ms`, doubling, at most
 * `max_ms`) — resuming re-executes the node in flight, so a run that stops every time must
 * not be resumed every second — and after `limit` stops in a row the run is failed, unless
 * the last stop was the storage's (a full disk): then it rests until the storage recovers.
 */
export interface StallPolicy {
  base_ms: number;
  max_ms: number;
  limit: number;
}

/** About two minutes of rests before a run that keeps stopping is failed. */
export const DEFAULT_STALL_POLICY: StallPolicy = { base_ms: 1_000, max_ms: 300_000, limit: 8 };

interface Stall {
  count: number;
  /** When recovery may resume the run again (epoch ms). */
  resumeAt: number;
  error: string;
  /** The last stop was the storage's (lib/db/storage-condition.ts): never a reason to fail the run. */
  storage: boolean;
}

/** Refused: another live process holds the run's lease (it drives the run). */
export class HeldElsewhere extends EngineError {
  constructor(readonly runId: string) {
    super("bad_state", `run ${runId} is being driven by another server process`);
  }
}

export class RunRuntime {
  readonly bus = new LocalRunEventBus();
  readonly store: RunHostStore;
  readonly engine: Engine;
  readonly leases: LeaseKeeper;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private sweeping = false;
  /** Runs whose last segments here stopped with an error, by id (see {@link StallPolicy}). */
  private readonly stalls = new Map<string, Stall>();
  private readonly stallPolicy: StallPolicy;
  readonly notices: RunNotices | null;
  readonly role: ProcessRole;
  private readonly queue: RunQueue | null;
  private readonly worker: QueueWorker | null;
  private readonly concurrency: number;
  /** Room set aside by {@link reserve}. */
  private reserved = 0;
  private unlisten: Promise<() => void> | undefined;

  constructor(store: RunHostStore, options: RunRuntimeOptions = {}) {
    this.store = store;
    this.notices = options.notices ?? null;
    this.role = options.role ?? "all";
    this.queue = options.queue ?? null;
    if (this.role !== "all" && !(this.queue && this.notices)) throw new Error(`a ${this.role} process needs a database several processes share (PostgreSQL): set DATABASE_URL=postgres://…`);
    this.concurrency = options.concurrency ?? Number.POSITIVE_INFINITY;
    this.worker = this.queue && this.role !== "web" ? new QueueWorker(this, this.queue) : null;
    this.leases = new LeaseKeeper(store.leases, options.owner ?? newProcessId(), options.timings ?? DEFAULT_LEASE_TIMINGS);
    this.engine = new Engine({
      store: fencedRunStore(store, this.leases.owner), tools: defaultToolRegistry(), models: options.models ?? createModelGateway(), secrets: options.secrets, events: this.bus,
      drives: this.role !== "web",
    });
    this.stallPolicy = options.stalls ?? DEFAULT_STALL_POLICY;
  }

  get owner(): string {
    return this.leases.owner;
  }

  /**
   * Runs `op` (start, resume, approve) under the run's lease. Refused with `bad_state` when
   * this process is already busy with the run or another live process holds it. With a
   * `token` the lease is already held (the trigger wrote it with the run).
   */
  async drive<H extends RunHandle>(runId: string, op: () => Promise<H>, token?: number): Promise<H> {
    const held = token ?? (await this.claimOrRefuse(runId));
    let handle: H;
    try {
      handle = await op();
    } catch (err) {
      this.endSegment(runId, held, null);
      throw err;
    }
    void handle.done.then(
      (run) => {
        this.endSegment(runId, held, run);
        if (this.role === "web" && run.status === "running") void this.handOff(runId);
      },
      (err: unknown) => {
        this.endSegment(runId, held, null);
        // Taken over while this process was away (frozen past its lease): the other one drives it.
        if (engineErrorCode(err) === "lease_lost") return console.warn(`run ${runId} was taken over by another process; it stopped here: ${errorMessage(err)}`);
        console.error(`run ${runId} stopped with an error: ${errorMessage(err)}`);
        this.stalled(runId, err);
      },
    );
    return handle;
  }

  /** How many more runs this process takes now: its concurrency less the runs it holds and the room set aside. */
  room(): number {
    if (this.role === "web") return 0;
    return this.concurrency - Math.max(this.leases.count(), this.engine.activeRuns().length) - this.reserved;
  }

  /**
   * Sets aside up to `wanted` of the {@link room} for runs about to be claimed (a queue
   * worker's jobs on their way, a recovered run), so that two takers looking at once never
   * take more than there is room for together. Hand it back with `release` once they are
   * held (or were not had): until then they count twice, which only errs on the safe side.
   */
  reserve(wanted: number): { count: number; release(): void } {
    const count = Math.max(0, Math.min(wanted, this.room()));
    this.reserved += count;
    let released = false;
    return {
      count,
      release: () => {
        if (released) return;
        released = true;
        this.reserved -= count;
      },
    };
  }

  /**
   * Writes a triggered run and its `run.trigger` audit row, and has it started: here, under the
   * lease written with it, or (a web process) by a worker, through the run queue's job written
   * in the same transaction. `written` resolves once the run is committed; `started` with this
   * process's handle on it (null: a worker starts it, or starting it failed).
   */
  trigger(row: Omit<NewRunRow, "leaseOwner" | "leaseExpiresAt">, audit: AuditInput, created: { run: RunRecord; graph: Graph }): { written: Promise<void>; started: Promise<RunHandle | null> } {
    const queue = this.queue;
    if (this.role === "web" && queue) {
      // Following the workers first, so a waiting trigger hears the events of a run they start at once.
      const written = Promise.resolve(this.unlisten)
        .catch(() => undefined)
        .then(() => queue.prepare({ runId: row.id, op: "start" }))
        // The commit that writes the run and its job wakes the workers.
        .then((job) => this.store.insertTriggered({ run: { ...row, leaseOwner: null, leaseExpiresAt: null }, audit, job }));
      return { written, started: Promise.resolve(null) };
    }
    const written = this.store.insertTriggered({ run: { ...row, leaseOwner: this.owner, leaseExpiresAt: row.createdAt + this.leases.timings.ttlMs }, audit });
    // Submitted in this same turn, so `run_start` lands in the transaction that creates the run.
    return { written, started: this.startTriggered(row.id, created) };
  }

  /** A web process's decision left the run `running`: a worker drives it on, once the lease is back. */
  private async handOff(runId: string): Promise<void> {
    try {
      await this.leases.settled(runId);
      await this.queue!.enqueue({ runId, op: "resume" });
      await this.wakeWorkers();
    } catch (err) {
      // The run stays `running` without a lease: recovery on a worker resumes it.
      console.error(`handing run ${runId} to a worker failed: ${errorMessage(err)}`);
    }
  }

  private async wakeWorkers(): Promise<void> {
    await this.notices?.control({ op: "work" }).catch((err: unknown) => console.error(`waking the workers failed: ${errorMessage(err)}`));
  }

  private stalled(runId: string, err: unknown): void {
    const count = (this.stalls.get(runId)?.count ?? 0) + 1;
    const { base_ms, max_ms } = this.stallPolicy;
    this.stalls.set(runId, { count, resumeAt: Date.now() + Math.min(max_ms, base_ms * 2 ** (count - 1)), error: errorMessage(err), storage: storageCondition(err) !== null });
  }

  /**
   * What recovery should do with a run nobody drives: `rest` (it stopped with an error here
   * lately), `abandon` (it stopped too many times in a row), or `resume`.
   */
  recoveryOf(runId: string, now = Date.now()): "resume" | "rest" | "abandon" {
    const stall = this.stalls.get(runId);
    if (!stall) return "resume";
    if (stall.resumeAt > now) return "rest";
    return stall.count >= this.stallPolicy.limit && !stall.storage ? "abandon" : "resume";
  }

  /** Fail a run that stopped with an error too many times in a row (see {@link StallPolicy}). */
  async abandon(runId: string): Promise<void> {
    const stall = this.stalls.get(runId);
    if (!stall) return;
    const reason = `the engine stopped on this run ${stall.count} times in a row, the last time with: ${stall.error}`;
    try {
      await this.decide(runId, () => this.engine.abandon(runId, reason));
      this.stalls.delete(runId);
    } catch (err) {
      // Another process or a person settled it meanwhile: nothing left to do.
      if (isBadState(err)) this.stalls.delete(runId);
      else console.error(`failing run ${runId} after ${stall.count} stops failed: ${errorMessage(err)}`);
    }
  }

  /**
   * Fail a run recovery took over too many times in a row from a process that died driving
   * it (lib/db/run-takeovers.ts), under the lease recovery holds (`token`), and clear its
   * count so a resume by hand gets every try again.
   */
  async failCrashLoop(runId: string, token: number, reason: string): Promise<void> {
    try {
      await this.decide(runId, () => this.engine.abandon(runId, reason), token);
      await this.store.leases.clearTakeovers(runId);
      console.error(`run ${runId} failed: ${reason}`);
    } catch (err) {
      if (!isBadState(err)) console.error(`failing run ${runId} after a crash loop failed: ${errorMessage(err)}`);
    }
  }

  /**
   * Runs a one-shot decision (reject, cancel of an idle run, gate expiry) under the lease;
   * `null`: nothing to do. With a `token` the lease is already held (recovery claimed it).
   */
  async decide(runId: string, op: () => Promise<RunRecord | null>, token?: number): Promise<RunRecord | null> {
    const held = token ?? (await this.claimOrRefuse(runId));
    let run: RunRecord | null = null;
    try {
      run = await op();
      return run;
    } finally {
      this.endSegment(runId, held, run);
    }
  }

  /**
   * Ends a segment of driving a run. A run that settled (completed, failed, paused) dropped
   * its lease with that write (SqliteRunStore), so only this process's record of it goes;
   * otherwise (`run` null: nothing done, or an error) the lease is released.
   */
  private endSegment(runId: string, token: number, run: RunRecord | null): void {
    if (run && SETTLED_STATUSES.has(run.status)) {
      this.leases.forget(runId, token);
      // Settled however (a cancel while it rested, say): nothing left to rest for.
      this.stalls.delete(runId);
    } else this.leases.release(runId, token);
  }

  /**
   * Starts a freshly triggered run in the background; its lease was written with it.
   * `created` (see {@link Engine.start}): the run as the trigger submitted it, so its
   * `run_start` joins the trigger's transaction instead of following in one of its own.
   */
  startTriggered(runId: string, created?: { run: RunRecord; graph: Graph }): Promise<RunHandle | null> {
    const token = this.leases.adopt(runId);
    return this.drive(runId, () => this.engine.start(runId, created), token).catch((err: unknown) => {
      // A run cancelled before it started is no longer pending: nothing to report.
      if (!isBadState(err)) console.error(`starting run ${runId} failed: ${errorMessage(err)}`);
      return null;
    });
  }

  /**
   * Begin heartbeats, the periodic orphan sweep and (with a queue) taking jobs (idempotent). A
   * web process keeps its leases alive and follows the workers' events: workers recover runs.
   */
  startRecovery(): void {
    this.leases.startHeartbeat();
    if (this.role === "web") {
      // Its runs execute on workers: their events reach this thread's waiting triggers and streams from the events table.
      this.unlisten ??= followOtherProcesses(this.bus, this.notices!, (runId, after) => this.store.listEvents(runId, after));
      this.unlisten.catch((err: unknown) => console.error(`following the workers' runs failed: ${errorMessage(err)}`));
      return;
    }
    if (this.sweeper) return;
    this.unlisten ??= this.notices?.listen({ control: (message) => this.onControl(message) });
    this.unlisten?.catch((err: unknown) => console.error(`listening to other processes failed: ${errorMessage(err)}`));
    this.worker?.start();
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), this.leases.timings.sweepMs);
    this.sweeper.unref?.();
  }

  stopRecovery(): void {
    this.leases.stopHeartbeat();
    this.worker?.stop();
    void this.unlisten?.then((stop) => stop(), () => {});
    this.unlisten = undefined;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** A control message from any process: acted on when this process drives the run. */
  private onControl(message: RunControl): void {
    if (message.op === "work") return this.worker?.wake();
    if (!this.engine.isActive(message.runId)) return;
    this.engine.cancel(message.runId, message.by).catch((err: unknown) => isBadState(err) || console.error(`cancelling run ${message.runId} failed: ${errorMessage(err)}`));
  }

  /** One recovery pass; passes never overlap. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await sweepOrphans(this);
    } catch (err) {
      console.error("run recovery sweep failed", err);
    } finally {
      this.sweeping = false;
    }
  }

  private async claimOrRefuse(runId: string): Promise<number> {
    if (this.leases.holds(runId) || this.engine.isActive(runId)) throw new EngineError("bad_state", `run ${runId} is busy`);
    const token = await this.leases.claim(runId);
    if (token === null) throw new HeldElsewhere(runId);
    return token;
  }
}

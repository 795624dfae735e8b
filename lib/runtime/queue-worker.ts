/**
 * The worker side of the run queue: takes jobs while this process has room for more runs, and
 * drives each under the run's lease. Woken by a `work` notice (sent after the commit that
 * made the job), and by a short poll besides (a notice is best effort). A job is acknowledged
 * once its run's segment has begun here, or when there is nothing to do: the run is driven
 * elsewhere, has settled, or was never handed to the queue in the state the job expects. If
 * this process dies meanwhile, the run's lease expires and recovery resumes it elsewhere.
 */
import type { RunHandle } from "@/engine/engine";
import { EngineError, errorMessage } from "@/engine/errors";
import type { RunRecord } from "@/engine/ports";
import type { RunJobData, RunQueue, TakenRunJob } from "@/lib/db";
import { isBadState } from "./recovery";

/** What the worker needs of the runtime it drives runs in (lib/runtime/run-runtime.ts is one). */
export interface QueueHost {
  /** Sets aside up to `wanted` runs' room, handed back with `release` (lib/runtime/run-runtime.ts). */
  reserve(wanted: number): { count: number; release(): void };
  drive<H extends RunHandle>(runId: string, op: () => Promise<H>): Promise<H>;
  readonly engine: { start(runId: string): Promise<RunHandle>; resume(runId: string): Promise<RunHandle> };
  readonly store: { getRun(runId: string): Promise<RunRecord | null> };
}

/** A second between polls: the notice is what makes dispatch immediate. */
export const QUEUE_POLL_MS = 1_000;

export class QueueWorker {
  private timer: ReturnType<typeof setInterval> | undefined;
  private taking = false;
  private again = false;

  constructor(
    private readonly host: QueueHost,
    private readonly queue: RunQueue,
    private readonly pollMs = QUEUE_POLL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref?.();
    this.wake();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Takes what there is room for; a wake during a pass makes another pass after it. */
  wake(): void {
    if (this.taking) {
      this.again = true;
      return;
    }
    this.taking = true;
    void this.pass()
      .catch((err: unknown) => console.error(`taking runs from the queue failed: ${errorMessage(err)}`))
      .finally(() => {
        this.taking = false;
        if (this.again && this.timer) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pass(): Promise<void> {
    for (;;) {
      const room = this.host.reserve(50);
      try {
        if (room.count <= 0) return;
        const jobs = await this.queue.take(room.count);
        if (jobs.length === 0) return;
        await Promise.all(jobs.map((job) => this.begin(job)));
        await this.queue.done(jobs.map((j) => j.id));
      } finally {
        room.release();
      }
    }
  }

  /** Begins the job's segment (it runs on in the background); refusals are the job's end. */
  private async begin(job: TakenRunJob): Promise<void> {
    const { runId } = job.data;
    try {
      await this.host.drive(runId, () => this.operation(job.data));
    } catch (err) {
      if (!isBadState(err)) console.error(`run ${runId}: its queued ${job.data.op} failed: ${errorMessage(err)}`);
    }
  }

  /**
   * Checked under the lease: a `resume` job continues only a run a decision left `running` for
   * a worker (a run cancelled before the job was taken has failed, and stays so).
   */
  private async operation({ runId, op }: RunJobData): Promise<RunHandle> {
    if (op === "start") return this.host.engine.start(runId);
    const run = await this.host.store.getRun(runId);
    if (run?.status !== "running") throw new EngineError("bad_state", `run ${runId} is ${run?.status ?? "gone"}, not waiting for a worker`);
    return this.host.engine.resume(runId);
  }
}

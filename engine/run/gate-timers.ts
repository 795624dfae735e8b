/**
 * Gate deadlines (SPEC §6, `timeout_ms`): one timer per paused run whose gate expires,
 * armed when a segment parks at the gate and cleared when the run goes on or fails.
 */
import type { Clock, RunRecord } from "../ports";

export class GateTimers {
  /** Run id → the cancel function of its timer. */
  private readonly timers = new Map<string, () => void>();

  /** `expire`: called at the deadline (it checks the run again; the clock may lag the timer). */
  constructor(
    private readonly clock: Clock,
    private readonly expire: (runId: string) => void,
  ) {}

  /** Arm the timer of a run paused at a gate with a deadline (no-op otherwise). */
  arm(run: RunRecord): void {
    const expires = run.pending_gate?.expires_at;
    if (run.status !== "paused" || expires === undefined) return;
    this.clear(run.id);
    const cancel = this.clock.timer(expires - this.clock.now(), () => {
      this.timers.delete(run.id);
      this.expire(run.id);
    });
    this.timers.set(run.id, cancel);
  }

  clear(runId: string): void {
    this.timers.get(runId)?.();
    this.timers.delete(runId);
  }
}

/**
 * This process's side of run leases: which runs it holds, a heartbeat that keeps those
 * leases alive, and per-segment tokens so that the end of an old segment never drops the
 * lease a newer segment of the same run (e.g. right after an approval) has taken.
 */
import type { Connection } from "@/lib/db/connection";
import { claimLease, releaseLease, renewLeases } from "@/lib/db/run-leases";

/** Timings of the lease protocol. Recovery latency ≤ ttl + sweep interval after a crash. */
export interface LeaseTimings {
  ttlMs: number;
  heartbeatMs: number;
  sweepMs: number;
}

/** TTL 8 s, renewed every 2 s, orphans looked for every second: a crashed run resumes within 10 s. */
export const DEFAULT_LEASE_TIMINGS: LeaseTimings = { ttlMs: 8_000, heartbeatMs: 2_000, sweepMs: 1_000 };

export class LeaseKeeper {
  private readonly held = new Map<string, number>();
  private nextToken = 1;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  /**
   * @param write how a release reaches the database: at once by default; the runtime passes
   *   its store's group commit, so a release shares the next transaction. (A run that
   *   settles drops its lease with its last write, and is only {@link forget}-ten here;
   *   releases are for decisions and for segments that end otherwise.)
   */
  constructor(
    private readonly conn: Connection,
    readonly owner: string,
    readonly timings: LeaseTimings = DEFAULT_LEASE_TIMINGS,
    private readonly write: (sql: () => void) => void = (sql) => sql(),
  ) {}

  /** Try to take the run's lease; a segment token on success, null when another process holds it. */
  claim(runId: string, now = Date.now()): number | null {
    if (!claimLease(this.conn, { runId, owner: this.owner, now, ttlMs: this.timings.ttlMs })) return null;
    return this.adopt(runId);
  }

  /** Record a lease already written for this process (e.g. by the trigger's insert). */
  adopt(runId: string): number {
    const token = this.nextToken++;
    this.held.set(runId, token);
    return token;
  }

  /** End a segment: drops the lease unless a newer segment of the run took it meanwhile. */
  release(runId: string, token: number): void {
    if (this.held.get(runId) !== token) return;
    this.held.delete(runId);
    // A deferred release must not drop a lease this process has claimed again meanwhile.
    this.write(() => {
      if (!this.held.has(runId)) releaseLease(this.conn, { runId, owner: this.owner });
    });
  }

  /**
   * End a segment whose last write already dropped the lease in the database (the run
   * store does so when a run settles): only this process's record of it goes.
   */
  forget(runId: string, token: number): void {
    if (this.held.get(runId) === token) this.held.delete(runId);
  }

  holds(runId: string): boolean {
    return this.held.has(runId);
  }

  heldRuns(): string[] {
    return [...this.held.keys()];
  }

  /** Extend every held lease now. */
  renew(now = Date.now()): void {
    renewLeases(this.conn, { runIds: this.heldRuns(), owner: this.owner, now, ttlMs: this.timings.ttlMs });
  }

  startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      try {
        this.renew();
      } catch (err) {
        console.error("renewing run leases failed", err);
      }
    }, this.timings.heartbeatMs);
    this.heartbeat.unref?.();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

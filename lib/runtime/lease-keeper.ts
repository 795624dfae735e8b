/**
 * This process's side of run leases: which runs it holds, a heartbeat that keeps those
 * leases alive, and per-segment tokens so that the end of an old segment never drops the
 * lease a newer segment of the same run (e.g. right after an approval) has taken.
 */
import type { RunLeaseStore } from "@/lib/db";

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
  /** Runs whose claim is on its way to the database: held already, for every check made meanwhile. */
  private readonly claiming = new Set<string>();
  /** Releases on their way to the database, by run. */
  private readonly releasing = new Map<string, Promise<void>>();
  private nextToken = 1;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  /**
   * @param store the leases as stored. (A run that settles drops its lease with its last
   *   write, and is only {@link forget}-ten here; releases are for decisions and for
   *   segments that end otherwise.)
   */
  constructor(
    private readonly store: RunLeaseStore,
    readonly owner: string,
    readonly timings: LeaseTimings = DEFAULT_LEASE_TIMINGS,
  ) {}

  /**
   * Try to take the run's lease; a segment token on success, null when another process holds
   * it (or this one is claiming it already). Held from the call on: a second claim, or a
   * check of {@link holds}, made before the database answers sees it taken.
   */
  async claim(runId: string, now = Date.now()): Promise<number | null> {
    if (this.holds(runId)) return null;
    this.claiming.add(runId);
    try {
      if (!(await this.store.claim({ runId, owner: this.owner, now, ttlMs: this.timings.ttlMs }))) return null;
      return this.adopt(runId);
    } finally {
      this.claiming.delete(runId);
    }
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
    // A deferred release must not drop a lease this process has claimed again meanwhile;
    // if one is lost, the lease expires.
    const released = this.store
      .release({ runId, owner: this.owner, unless: () => this.holds(runId) })
      .catch((err: unknown) => console.error(`releasing the lease of run ${runId} failed`, err))
      .finally(() => {
        if (this.releasing.get(runId) === released) this.releasing.delete(runId);
      });
    this.releasing.set(runId, released);
  }

  /** Resolves once the run's last release from here has been written (or failed). */
  settled(runId: string): Promise<void> {
    return this.releasing.get(runId) ?? Promise.resolve();
  }

  /**
   * End a segment whose last write already dropped the lease in the database (the run
   * store does so when a run settles): only this process's record of it goes.
   */
  forget(runId: string, token: number): void {
    if (this.held.get(runId) === token) this.held.delete(runId);
  }

  holds(runId: string): boolean {
    return this.held.has(runId) || this.claiming.has(runId);
  }

  /** How many runs this process holds or is claiming. */
  count(): number {
    let n = this.held.size;
    for (const runId of this.claiming) if (!this.held.has(runId)) n++;
    return n;
  }

  heldRuns(): string[] {
    return [...this.held.keys()];
  }

  /** Extend every held lease now. */
  async renew(now = Date.now()): Promise<void> {
    await this.store.renew({ runIds: this.heldRuns(), owner: this.owner, now, ttlMs: this.timings.ttlMs });
  }

  startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      this.renew().catch((err: unknown) => console.error("renewing run leases failed", err));
    }, this.timings.heartbeatMs);
    this.heartbeat.unref?.();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

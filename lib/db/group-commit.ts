import type Database from "better-sqlite3";
import { gateOf, type ConnectionGate } from "./sqlite/gate";

interface Pending<W, R> {
  write: W;
  resolve(result: R): void;
  reject(error: Error): void;
}

type Outcome<R> = { ok: true; value: R } | { ok: false; error: Error };

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/**
 * Group commit: writes submitted in the same event-loop turn are applied in ONE
 * transaction (one WAL append and lock round trip instead of one per write), in
 * submission order. A failing write undoes only itself and rejects alone; every other
 * write resolves once the shared transaction has committed (an owner whose writes depend
 * on one another refuses the dependent ones itself: SqliteRunStore does for a run's).
 *
 * Writes rarely fail, so a batch is first applied without savepoints (a savepoint per
 * write cost ~5 % of the engine's throughput under load). If a write throws, that attempt
 * is rolled back whole and the batch applied again, each write in its own SAVEPOINT.
 */
export class GroupCommit<W, R> {
  private queue: Pending<W, R>[] = [];
  private scheduled = false;
  private waiting = false;
  private readonly gate: ConnectionGate;
  private readonly applyOne: Database.Transaction<(write: W) => R>;
  private readonly applyAllOrNothing: BatchTransaction<W, R>;
  private readonly applyEachInSavepoint: BatchTransaction<W, R>;

  /**
   * @param apply applies one write; throws to undo it (and only it).
   * @param hooks `committed` runs after the shared transaction commits, `aborted` when an
   *   attempt is rolled back (nothing of it stands): owners keep in-memory caches consistent.
   *   `attempting` runs before each attempt with the batch's writes in order: `together`
   *   when they stand or fall as one transaction (an owner may then skip work a later
   *   write of the batch redoes), `alone` when each write may be undone by itself.
   */
  constructor(
    private readonly db: Database.Database,
    private readonly apply: (write: W) => R,
    private readonly hooks: { committed(): void; aborted(): void; attempting?(writes: readonly W[], mode: "together" | "alone"): void },
  ) {
    // A storage transaction holding the connection is waited for: its writes are not these.
    this.gate = gateOf(db);
    this.applyAllOrNothing = db.transaction((batch: Pending<W, R>[], outcomes: Outcome<R>[]) => {
      for (const item of batch) {
        try {
          outcomes.push({ ok: true, value: this.apply(item.write) });
        } catch (e) {
          throw new WriteFailed(e);
        }
      }
    });
    this.applyOne = db.transaction((write: W) => this.apply(write));
    this.applyEachInSavepoint = db.transaction((batch: Pending<W, R>[], outcomes: Outcome<R>[]) => {
      for (const item of batch) {
        try {
          outcomes.push({ ok: true, value: this.applyOne(item.write) });
        } catch (e) {
          // Some errors (I/O, lock) make SQLite roll back the whole transaction: then nothing stands.
          if (!this.db.inTransaction) throw e;
          outcomes.push({ ok: false, error: asError(e) });
        }
      }
    });
  }

  submit(write: W): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Apply everything queued now (also called by the scheduled flush). */
  flush(): void {
    if (!this.gate.idle()) {
      if (!this.waiting) {
        this.waiting = true;
        void this.gate.whenIdle().then(() => {
          this.waiting = false;
          this.flush();
        });
      }
      return;
    }
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    const outcomes: Outcome<R>[] = [];
    try {
      this.hooks.attempting?.(batch.map((item) => item.write), "together");
      this.run(this.applyAllOrNothing, batch, outcomes);
    } catch (e) {
      // Nothing of that attempt stands, but `apply` may have advanced in-memory state for it.
      this.hooks.aborted();
      if (!(e instanceof WriteFailed)) return this.rejectAll(batch, e);
      outcomes.length = 0;
      try {
        this.hooks.attempting?.(batch.map((item) => item.write), "alone");
        this.run(this.applyEachInSavepoint, batch, outcomes);
      } catch (err) {
        this.hooks.aborted();
        return this.rejectAll(batch, err);
      }
    }
    this.hooks.committed();
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  private run(tx: BatchTransaction<W, R>, batch: Pending<W, R>[], outcomes: Outcome<R>[]): void {
    if (this.db.inTransaction) tx(batch, outcomes);
    else tx.immediate(batch, outcomes);
  }

  private rejectAll(batch: Pending<W, R>[], error: unknown): void {
    for (const item of batch) item.reject(asError(error));
  }
}

type BatchTransaction<W, R> = Database.Transaction<(batch: Pending<W, R>[], outcomes: Outcome<R>[]) => void>;

/** A write (not the transaction itself) threw during the all-or-nothing attempt. */
class WriteFailed {
  constructor(readonly cause: unknown) {}
}

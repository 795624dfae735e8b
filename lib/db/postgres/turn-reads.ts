/**
 * Statements sent together: what a pool's callers ask in one event-loop turn goes out on one
 * connection in one round trip (pg's pipeline mode), each statement answered on its own (one
 * Sync each: one that fails fails only its caller). Under load a process asks the same small
 * reads for many runs at once — a worker loading the runs it took, a web process reading the
 * runs that just settled to answer their callers — and on this kind of machine a round trip
 * costs both ends more CPU than such a read itself.
 *
 * Only for statements outside a transaction, each complete on its own: they share a
 * connection, not a snapshot.
 */
import type pg from "pg";
import { isStatementError, pipeline } from "./group-commit";

interface Pending {
  queries: pg.QueryConfig[];
  resolve(results: pg.QueryResult[]): void;
  reject(error: unknown): void;
}

export class TurnReads {
  private pending: Pending[] = [];

  constructor(private readonly pool: pg.Pool) {}

  /** `queries`' results, in order, sent with every other caller's of this turn. */
  read(queries: pg.QueryConfig[]): Promise<pg.QueryResult[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ queries, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      for (const { reject } of batch) reject(err);
      return;
    }
    let broken: Error | undefined;
    try {
      const settled = await pipeline(client, batch.flatMap((b) => b.queries));
      let at = 0;
      for (const { queries, resolve, reject } of batch) {
        const mine = settled.slice(at, (at += queries.length));
        const failed = mine.find((s): s is PromiseRejectedResult => s.status === "rejected");
        if (!failed) resolve(mine.map((s) => (s as PromiseFulfilledResult<pg.QueryResult>).value));
        else {
          // A statement the server refused leaves the connection usable; anything else does not.
          if (!isStatementError(failed.reason)) broken = failed.reason as Error;
          reject(failed.reason);
        }
      }
    } catch (err) {
      // Not sent at all (the client refused the queries): every caller hears why.
      broken = err instanceof Error ? err : new Error(String(err));
      for (const { reject } of batch) reject(err);
    } finally {
      client.release(broken);
    }
  }
}

const readers = new WeakMap<pg.Pool, TurnReads>();

/** The one {@link TurnReads} of a pool: its run store and its other stores share each turn's round trip. */
export function turnReadsOf(pool: pg.Pool): TurnReads {
  let reads = readers.get(pool);
  if (!reads) readers.set(pool, (reads = new TurnReads(pool)));
  return reads;
}

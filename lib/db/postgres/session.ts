import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { LOCK_TIMEOUT_MS, xactLock } from "./advisory-locks";
import { isStatementError, NO_SEQSCAN, pipeline } from "./group-commit";
import { sqlOn, type Queryable, type Sql } from "./sql";
import { turnReadsOf } from "./turn-reads";

const BEGIN = `BEGIN; SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`;
/**
 * A transaction whose statements find rows by key (`num = ANY($1)` and the like), planned
 * without sequential scans: planned while a table is all but empty, a scan of it all looks
 * cheapest, and a cached plan keeps scanning it once it holds millions of rows.
 */
export const BEGIN_BY_KEY = `${BEGIN}; ${NO_SEQSCAN}`;
/** A storage transaction: READ COMMITTED, holding the storage lock from its first statement on. */
const BEGIN_STORAGE = `${BEGIN}; ${xactLock("storage")}`;

interface Frame {
  client: pg.PoolClient;
  depth: number;
  /** False once the transaction (or savepoint) has ended: a call still carrying this frame then runs in the enclosing one, or on the pool. */
  open: boolean;
  parent?: Frame;
}

/**
 * `query` alone, in a transaction planned as {@link BEGIN_BY_KEY} plans it, in one round trip
 * (BEGIN, the statement and COMMIT pipelined): for statements outside the group commit that
 * find runs by key or by status, whose generic plans every process keeps.
 */
export async function byKey<R extends pg.QueryResultRow>(pool: pg.Pool, query: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const [begin, result, commit] = await pipeline(client, [{ text: BEGIN_BY_KEY }, query, { text: "COMMIT" }]);
    // A statement that failed leaves the transaction aborted: its COMMIT answers ROLLBACK.
    for (const s of [begin, result, commit]) {
      if (s.status === "rejected") {
        if (!isStatementError(s.reason)) broken = s.reason as Error;
        throw s.reason;
      }
    }
    return (result as PromiseFulfilledResult<pg.QueryResult>).value as pg.QueryResult<R>;
  } finally {
    client.release(broken);
  }
}

/**
 * `fn` in one transaction on `client`, begun by `begin`: committed when it returns, rolled
 * back when it throws. The caller owns the connection: after an error it should close it
 * rather than reuse it (a ROLLBACK that failed left it unusable).
 */
export async function withTransactionOn<T>(client: pg.PoolClient, fn: (sql: Sql) => Promise<T>, begin = BEGIN): Promise<T> {
  try {
    await client.query(begin);
    const result = await fn(sqlOn(client));
    await client.query("COMMIT");
    return result;
  } catch (err) {
    // After a failed COMMIT the transaction is over already; ROLLBACK then only warns.
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

/**
 * `fn` in one transaction on a connection of its own (see {@link withTransactionOn}). A
 * connection that cannot roll back is closed, not returned to the pool.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, begin = BEGIN): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * A pool's transactions. `pg` is asynchronous: a transaction holds one connection from
 * BEGIN to COMMIT, and the calls made inside it (found by their async context, as on
 * SQLite's gate) run on that connection; every other call takes any connection of the pool.
 *
 * Serialization: a storage transaction takes the storage advisory lock first, so storage
 * transactions of every process run one at a time, as SQLite's `BEGIN IMMEDIATE` runs them,
 * and read-then-write logic (a `base_version` check, "the first user", "the last admin")
 * cannot interleave. Statements run at READ COMMITTED, each on a fresh snapshot: a row read
 * after the lock was taken is the row as every earlier transaction committed it.
 */
export class PgSession {
  /** Statements on this context's transaction, or on the pool outside one. */
  readonly sql: Sql;
  /**
   * As {@link sql}, but outside a transaction each statement goes out with the others of its
   * turn in one round trip (./turn-reads.ts): for the small reads every request makes.
   */
  readonly together: Sql;
  private readonly inside = new AsyncLocalStorage<Frame>();

  constructor(readonly pool: pg.Pool) {
    this.sql = sqlOn(() => this.frame()?.client ?? pool);
    const reads = turnReadsOf(pool);
    const shared: Queryable = { query: async <R extends pg.QueryResultRow>(config: pg.QueryConfig) => (await reads.read([config]))[0] as pg.QueryResult<R> };
    this.together = sqlOn(() => this.frame()?.client ?? shared);
  }

  /** True inside one of this pool's transactions. */
  inTransaction(): boolean {
    return this.frame() !== undefined;
  }

  /** `fn` as one storage transaction; a nested call is a savepoint of the outer one. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    const outer = this.frame();
    if (outer) return this.savepoint(outer, fn);
    return withTransaction(this.pool, (client) => this.within({ client, depth: 0, open: true }, fn), BEGIN_STORAGE);
  }

  /**
   * `fn` atomically: as part of this context's transaction, or in a transaction of its own
   * (without the storage lock: `fn` takes the locks it needs).
   */
  atomic<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.inTransaction()) return fn(this.sql);
    return withTransaction(this.pool, (client) => fn(sqlOn(client)));
  }

  private frame(): Frame | undefined {
    let frame = this.inside.getStore();
    while (frame && !frame.open) frame = frame.parent;
    return frame;
  }

  private async within<T>(frame: Frame, fn: () => Promise<T>): Promise<T> {
    try {
      return await this.inside.run(frame, fn);
    } finally {
      frame.open = false;
    }
  }

  private async savepoint<T>(outer: Frame, fn: () => Promise<T>): Promise<T> {
    const { client } = outer;
    const name = `storage_${outer.depth + 1}`;
    await client.query(`SAVEPOINT ${name}`);
    try {
      const result = await this.within({ client, depth: outer.depth + 1, open: true, parent: outer }, fn);
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (err) {
      // Also clears an error state the failed statement left: the outer transaction goes on.
      await client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => {});
      throw err;
    }
  }
}

const sessions = new WeakMap<pg.Pool, PgSession>();

/** The one session of a pool: every store on it (and the run store) joins the same transactions. */
export function sessionOf(pool: pg.Pool): PgSession {
  let session = sessions.get(pool);
  if (!session) sessions.set(pool, (session = new PgSession(pool)));
  return session;
}

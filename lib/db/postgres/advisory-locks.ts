import type pg from "pg";

/**
 * How long a statement waits for a lock (the storage lock, the audit lock, a row) before it
 * fails with 55P03, a `busy` storage condition: the SQLite connections' busy timeout.
 */
export const LOCK_TIMEOUT_MS = 15_000;

/**
 * Switchyard's advisory locks on PostgreSQL. Keys are pairs (namespace, lock): PostgreSQL
 * keeps two-key locks apart from one-key ones, so these never meet Prisma's migrate lock
 * (`pg_advisory_lock(72707369)`, see ./migrate.ts) or another application's locks.
 */
export const LOCK_NAMESPACE = 0x53_59_44_42; // "SYDB"

export const LOCKS = {
  /** Held by every storage transaction for its whole length: writers are serialized as SQLite's `BEGIN IMMEDIATE` serializes them. */
  storage: 1,
  /** Held by an audit append from reading the chain head until its transaction ends: the chain never forks. */
  audit: 2,
  /** Held by the process folding and compacting the spend rollup, for one pass. */
  spend: 3,
  /** Held by the process deleting runs past retention, for one pass. */
  retention: 4,
} as const;

export type LockName = keyof typeof LOCKS;

/** The statement that waits for `lock` and holds it until the transaction ends. */
export const xactLock = (lock: LockName) => `SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${LOCKS[lock]})`;

/**
 * Runs `fn` on one connection holding the session lock `lock`, or skips it (answers
 * `{ ran: false }`) when another session holds it: one process at a time does a pass of
 * background work. A session lock outlives transactions, so `fn` may commit several; it is
 * released after `fn`, and a connection that cannot release it is closed (which does).
 */
export async function exclusivePass<T>(pool: pg.Pool, lock: LockName, fn: (client: pg.PoolClient) => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const got = await client.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_NAMESPACE}, ${LOCKS[lock]}) AS got`);
    if (!got.rows[0].got) return { ran: false };
    try {
      return { ran: true, value: await fn(client) };
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${LOCK_NAMESPACE}, ${LOCKS[lock]})`).catch((err: Error) => (broken = err));
    }
  } catch (err) {
    broken ??= err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

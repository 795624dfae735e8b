import { createHash } from "node:crypto";
import pg from "pg";
import { LOCK_TIMEOUT_MS } from "./advisory-locks";
import { pgTypes } from "./types";

/** Connections per process when `SWITCHYARD_PG_POOL_MAX` is not set. */
export const DEFAULT_POOL_MAX = 10;

/** How many connections a pool may open: `SWITCHYARD_PG_POOL_MAX` (a positive whole number), else {@link DEFAULT_POOL_MAX}. */
export function poolMax(env: Record<string, string | undefined> = process.env): number {
  const text = env.SWITCHYARD_PG_POOL_MAX?.trim();
  if (!text) return DEFAULT_POOL_MAX;
  const max = Number(text);
  if (!Number.isSafeInteger(max) || max < 1) throw new Error(`SWITCHYARD_PG_POOL_MAX must be a positive whole number of connections (got "${text}")`);
  return max;
}

/**
 * The app's pool on the PostgreSQL database `url` names: bigint read as number
 * ({@link pgTypes}), named `switchyard` in pg_stat_activity, and every statement waiting
 * for a lock at most {@link LOCK_TIMEOUT_MS} (then it fails `busy`, as a SQLite statement
 * does after its busy timeout, instead of hanging a request). A connection that fails while
 * idle is dropped by the pool (the error is logged, not thrown: the next query reconnects).
 */
export function postgresPool(url: string, env: Record<string, string | undefined> = process.env): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes,
    max: poolMax(env),
    application_name: "switchyard",
    options: `-c lock_timeout=${LOCK_TIMEOUT_MS}`,
  });
  pool.on("error", (err) => console.error("postgres: an idle connection failed", err));
  return pool;
}

const names = new Map<string, string>();

/**
 * A named query: pg prepares each name once per connection and then only binds and
 * executes it. The name is a hash of the text, so one text is one statement everywhere and
 * two texts never share a name.
 */
export function prepared(text: string, values: readonly unknown[] = []): pg.QueryConfig {
  let name = names.get(text);
  if (name === undefined) {
    name = `sy_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return { name, text, values: values as unknown[] };
}

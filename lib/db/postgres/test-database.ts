import { randomBytes } from "node:crypto";
import pg from "pg";
import { applyPostgresMigrations } from "./migrate";
import { pgTypes } from "./types";

/** The server tests make their databases on (scripts/test-postgres.sh sets it). */
export const DEFAULT_TEST_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export interface PostgresTestDatabase {
  /** The new database's URL (for a child process, or Prisma's CLI). */
  url: string;
  /** A pool on it, reading bigint as number ({@link pgTypes}). */
  pool: pg.Pool;
  /** End the pool and drop the database. */
  close(): Promise<void>;
}

/** The same server URL naming another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs statements on the server's own database (CREATE and DROP DATABASE cannot run in a transaction or on the database itself). */
async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops the database once the sessions on it have exited. A pool's `end()` resolves when its
 * clients were asked to end, before the server has seen them go; dropping `WITH (FORCE)` at that
 * moment terminates them, and the termination reaches a pool that no longer listens as an
 * uncaught error. Waits up to 5 s, then forces whatever is left.
 */
async function dropWhenIdle(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    for (let waited = 0; waited < 5_000; waited += 20) {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1", [name]);
      if (Number(rows[0].n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * A new, migrated PostgreSQL database, `switchyard_test_<random>`, on the server
 * `SWITCHYARD_TEST_DATABASE_URL` names (default {@link DEFAULT_TEST_SERVER_URL}). For tests and
 * benchmarks that need a real database: each gets its own, so test files run in parallel.
 * `migrate: false` leaves it empty (for a test of the migrations themselves). `linguistic` makes
 * it sort text as people do (ICU's en-US), where the server has ICU.
 */
export async function createPostgresTestDatabase({
  migrate = true,
  linguistic = false,
  poolMax = 4,
}: { migrate?: boolean; linguistic?: boolean; poolMax?: number } = {}): Promise<PostgresTestDatabase> {
  const serverUrl = process.env.SWITCHYARD_TEST_DATABASE_URL || DEFAULT_TEST_SERVER_URL;
  const name = `switchyard_test_${randomBytes(6).toString("hex")}`;
  try {
    await onServer(serverUrl, async (client) => {
      if (linguistic) {
        const made = await client.query(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`).then(
          () => true,
          () => false,
        );
        if (made) return;
      }
      await client.query(`CREATE DATABASE ${name}`);
    });
  } catch (err) {
    const where = new URL(serverUrl);
    where.password = "";
    throw new Error(
      `cannot create a test database on ${where} (${err instanceof Error ? err.message : String(err)}): run the tests through scripts/test-all.sh, ` +
        "or `source scripts/test-postgres.sh` first (it finds or starts a PostgreSQL server), or set SWITCHYARD_TEST_DATABASE_URL",
      { cause: err },
    );
  }
  const url = databaseUrl(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, types: pgTypes, max: poolMax });
  // Dropping the database ends connections the pool may still hold: not an error of the test's.
  pool.on("error", () => {});
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
    await dropWhenIdle(serverUrl, name);
  };
  try {
    if (migrate) await applyPostgresMigrations(pool);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, pool, close };
}

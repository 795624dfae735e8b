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

/** Runs one statement on the server's own database (CREATE and DROP DATABASE cannot run in a transaction or on the database itself). */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, migrated PostgreSQL database, `switchyard_test_<random>`, on the server
 * `SWITCHYARD_TEST_DATABASE_URL` names (default {@link DEFAULT_TEST_SERVER_URL}). For tests and
 * benchmarks that need a real database: each gets its own, so test files run in parallel.
 * `migrate: false` leaves it empty (for a test of the migrations themselves).
 */
export async function createPostgresTestDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<PostgresTestDatabase> {
  const serverUrl = process.env.SWITCHYARD_TEST_DATABASE_URL || DEFAULT_TEST_SERVER_URL;
  const name = `switchyard_test_${randomBytes(6).toString("hex")}`;
  try {
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
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
  const pool = new pg.Pool({ connectionString: url, types: pgTypes, max: 4 });
  // Dropping the database ends connections the pool may still hold: not an error of the test's.
  pool.on("error", () => {});
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    if (migrate) await applyPostgresMigrations(pool);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, pool, close };
}

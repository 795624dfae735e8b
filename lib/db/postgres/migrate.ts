import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Where the PostgreSQL migrations are kept (scripts and tests run from the project root). */
export const POSTGRES_MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/postgres/migrations");

/**
 * The advisory lock key Prisma's `migrate deploy` takes (`pg_advisory_lock(72707369)`, seen in
 * its schema engine and on the server): holding the same key, this and the CLI exclude each
 * other as well as two of either.
 */
const MIGRATE_LOCK_KEY = 72707369;

/** Prisma's bookkeeping table, as `migrate deploy` creates it. */
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Apply the committed PostgreSQL migrations, in folder order, that the database has not
 * applied yet; returns the names applied. What `prisma migrate deploy` does, in milliseconds
 * and in one transaction under the migrate lock: two processes migrating at once apply each
 * migration once (the second waits, then finds nothing to do), and a failing migration leaves
 * nothing behind. Each applied migration is recorded in `_prisma_migrations` with Prisma's
 * checksum (SHA-256 of the file), so the CLI later sees it applied.
 *
 * Unlike the CLI, which splits a file at every semicolon (see the init migration's header),
 * this sends each file whole: any valid SQL applies here.
 */
export async function applyPostgresMigrations(client: pg.Pool | pg.ClientBase, dir: string = POSTGRES_MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => ({ name: entry.name, sql: readFileSync(path.join(dir, entry.name, "migration.sql"), "utf8") }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const conn = client instanceof pg.Pool ? await client.connect() : client;
  try {
    await conn.query("BEGIN");
    try {
      await conn.query("SELECT pg_advisory_xact_lock($1)", [MIGRATE_LOCK_KEY]);
      await conn.query(BOOKKEEPING);
      const rows = await conn.query<{ migration_name: string; finished: boolean }>(
        "SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE rolled_back_at IS NULL",
      );
      // As the CLI (P3009): a migration that failed half-way must be resolved by a person first.
      const failed = rows.rows.filter((r) => !r.finished).map((r) => r.migration_name);
      if (failed.length > 0) throw new Error(`migrations failed earlier and are not resolved: ${failed.join(", ")} (see prisma migrate resolve)`);
      const applied = new Set(rows.rows.map((r) => r.migration_name));
      const pending = migrations.filter((m) => !applied.has(m.name));
      for (const m of pending) {
        // No parameters: the simple protocol, which runs a file of many statements.
        await conn.query(m.sql);
        await conn.query(
          "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), clock_timestamp(), 1)",
          [randomUUID(), createHash("sha256").update(m.sql).digest("hex"), m.name],
        );
      }
      await conn.query("COMMIT");
      return pending.map((m) => m.name);
    } catch (err) {
      await conn.query("ROLLBACK").catch(() => {});
      throw err;
    }
  } finally {
    if (conn !== client) (conn as pg.PoolClient).release();
  }
}

import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { POSTGRES_MIGRATIONS_DIR } from "./migrate";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";

/**
 * Prisma's CLI on PostgreSQL, as an operator runs it (prisma.config.ts picks the PostgreSQL
 * schema and migrations for a postgres:// DATABASE_URL): `migrate deploy` brings a fresh
 * database to the schema the fast path (applyPostgresMigrations) gives, once.
 */

const run = promisify(execFile);
const PRISMA = path.resolve(process.cwd(), "node_modules/.bin/prisma");

/** Runs the CLI against `url`; resolves with its output, or rejects with it when it fails (`allowExit` exit codes are answers, not failures). */
async function prisma(url: string, args: string[], allowExit: number[] = []): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(PRISMA, args, { env: { ...process.env, DATABASE_URL: url }, timeout: 90_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code === "number" && allowExit.includes(e.code)) return { code: e.code, out: `${e.stdout}${e.stderr}` };
    throw new Error(`prisma ${args.join(" ")} failed (${e.code}):\n${e.stdout}\n${e.stderr}`);
  }
}

interface MigrationRow {
  id: string;
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

const migrations = async (pool: pg.Pool) =>
  (await pool.query<MigrationRow>("SELECT id, migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name")).rows;

/** What a schema is made of, as text to compare: columns, indexes, constraints, functions, triggers. */
async function schemaDump(pool: pg.Pool): Promise<string[]> {
  const q = async (sql: string) => (await pool.query<{ line: string }>(sql)).rows.map((r) => r.line);
  return [
    ...(await q(`SELECT concat_ws(' ', table_name, column_name, data_type, datetime_precision, is_nullable, column_default) AS line
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`)),
    ...(await q("SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname")),
    ...(await q("SELECT conname || ' ' || pg_get_constraintdef(oid) AS line FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY conname")),
    ...(await q("SELECT proname || ' ' || prosrc AS line FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY proname")),
    ...(await q("SELECT pg_get_triggerdef(oid) AS line FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname")),
  ];
}

const opened: PostgresTestDatabase[] = [];
const open = async (options?: { migrate?: boolean }) => {
  const db = await createPostgresTestDatabase(options);
  opened.push(db);
  return db;
};

afterAll(async () => {
  for (const db of opened) {
    // migrate diff's shadow database (prisma.config.ts: `<db>_shadow`), if it made one.
    await db.pool.query(`DROP DATABASE IF EXISTS "${new URL(db.url).pathname.slice(1)}_shadow" WITH (FORCE)`);
    await db.close();
  }
});

describe("prisma migrate deploy on PostgreSQL", () => {
  it("applies every migration to a fresh database, the schema the fast path gives, and a second deploy changes nothing", async () => {
    const [fresh, fast] = await Promise.all([open({ migrate: false }), open()]);

    const first = await prisma(fresh.url, ["migrate", "deploy"]);
    expect(first.out).toContain("All migrations have been successfully applied.");
    const applied = await migrations(fresh.pool);
    expect(applied.map((m) => m.migration_name)).toEqual(readdirSync(POSTGRES_MIGRATIONS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort());
    expect(applied[0]).toMatchObject({ rolled_back_at: null, applied_steps_count: 1 });
    expect(applied[0].finished_at).toBeInstanceOf(Date);
    // The E''-quoted trigger function survives the adapter's split at semicolons intact.
    expect(await schemaDump(fresh.pool)).toEqual(await schemaDump(fast.pool));

    const second = await prisma(fresh.url, ["migrate", "deploy"]);
    expect(second.out).toContain("No pending migrations to apply.");
    expect(await migrations(fresh.pool)).toEqual(applied);
  }, 120_000);

  it("finds a database the fast path migrated up to date: same migration names and checksums", async () => {
    const fast = await open();
    const status = await prisma(fast.url, ["migrate", "status"]);
    expect(status.out).toContain("Database schema is up to date!");
  }, 60_000);

  it("agrees with prisma/postgres/schema.prisma: the migrations and the models describe the same schema", async () => {
    const db = await open({ migrate: false });
    const diff = await prisma(db.url, ["migrate", "diff", "--from-migrations", "prisma/postgres/migrations", "--to-schema-datamodel", "prisma/postgres/schema.prisma", "--script", "--exit-code"], [2]);
    expect(diff.code, diff.out).toBe(0);
  }, 60_000);
});

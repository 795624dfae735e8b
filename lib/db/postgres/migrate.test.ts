import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { applyPostgresMigrations, POSTGRES_MIGRATIONS_DIR } from "./migrate";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";
import { pgTypes } from "./types";

const INIT = "20261204180000_init";
/** Every committed migration, in the order they apply. */
const ALL = readdirSync(POSTGRES_MIGRATIONS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
let db: PostgresTestDatabase | undefined;
let dir: string | undefined;

afterEach(async () => {
  await db?.close();
  db = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const tables = async (pool: pg.Pool) =>
  (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename != '_prisma_migrations'")).rows[0].n;

describe("applyPostgresMigrations", () => {
  it("migrates a fresh database once, however many processes try at the same time", async () => {
    db = await createPostgresTestDatabase({ migrate: false });
    // Separate pools: separate sessions, as separate processes would have.
    const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: db!.url, types: pgTypes, max: 1 }));
    try {
      const results = await Promise.all(pools.map((p) => applyPostgresMigrations(p)));
      expect(results.flat()).toEqual(ALL);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
    expect(await tables(db.pool)).toBe(17);
    expect(await applyPostgresMigrations(db.pool)).toEqual([]);
    const rows = (await db.pool.query("SELECT migration_name, checksum FROM _prisma_migrations")).rows;
    expect(rows.map((r) => r.migration_name).sort()).toEqual(ALL);
    expect(ALL[0]).toBe(INIT);
  });

  it("applies nothing of a migration that fails, and records nothing", async () => {
    db = await createPostgresTestDatabase({ migrate: false });
    dir = mkdtempSync(path.join(tmpdir(), "switchyard-pg-migrations-"));
    mkdirSync(path.join(dir, INIT));
    writeFileSync(path.join(dir, INIT, "migration.sql"), readFileSync(path.join(POSTGRES_MIGRATIONS_DIR, INIT, "migration.sql")));
    mkdirSync(path.join(dir, "20991231000000_broken"));
    writeFileSync(path.join(dir, "20991231000000_broken", "migration.sql"), 'ALTER TABLE "runs" ADD COLUMN "x" integer;\nSELECT no_such_function();\n');
    await expect(applyPostgresMigrations(db.pool, dir)).rejects.toThrow(/no_such_function/);
    expect(await tables(db.pool)).toBe(0);
  });
});

describe("pgTypes", () => {
  it("reads bigint and a SUM over it as numbers, and refuses one past 2^53 rather than round it", async () => {
    db = await createPostgresTestDatabase({ migrate: false });
    const row = (await db.pool.query("SELECT 3000000000::bigint AS big, sum(x) AS total, avg(x) AS mean, now() AS at FROM (VALUES (1::bigint), (2::bigint)) v(x)")).rows[0];
    expect(row).toMatchObject({ big: 3_000_000_000, total: 3, mean: 1.5 });
    expect(row.at).toBeInstanceOf(Date);
    await expect(db.pool.query("SELECT 9007199254740993::bigint AS n")).rejects.toThrow(/exact range/);
  });
});

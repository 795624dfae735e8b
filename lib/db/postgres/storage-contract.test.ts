import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { describeStorageContract } from "../contract/storage-contract";
import { applyPostgresMigrations } from "./migrate";
import { postgresStores, postgresUpkeep } from "./storage";
import { databaseUrl, DEFAULT_TEST_SERVER_URL, type PostgresTestDatabase } from "./test-database";
import { pgTypes } from "./types";

/** `?` placeholders as PostgreSQL's `$n` (the contract's seed statements hold no `?` of their own). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** Runs one statement on the test server's own database. */
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
 * A migrated database that sorts text as people do (ICU's en-US: `a a5 B_1 b-2`, not
 * SQLite's byte order `B_1 a a5 b-2`), as many servers are set up: orderings and keyset
 * positions must still be byte-wise, as on SQLite. On a server without ICU, its default.
 */
async function linguisticDatabase(): Promise<PostgresTestDatabase> {
  const serverUrl = process.env.SWITCHYARD_TEST_DATABASE_URL || DEFAULT_TEST_SERVER_URL;
  const name = `switchyard_test_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`).catch(() => onServer(serverUrl, `CREATE DATABASE ${name}`));
  const url = databaseUrl(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, types: pgTypes, max: 2 });
  const close = async () => {
    await pool.end();
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  await applyPostgresMigrations(pool).catch(async (err: unknown) => {
    await close();
    throw err;
  });
  return { url, pool, close };
}

/**
 * One such database for the file (creating one costs ~300 ms), emptied before each test:
 * every table's rows deleted (TRUNCATE costs ~300 ms more), its sequences restarted. Each test has pools of its own, ended
 * before the next one empties the database, so nothing of one test (an upkeep pass still
 * running) reaches into the next.
 */
let database: Promise<PostgresTestDatabase> | undefined;
afterAll(async () => (await database)?.close());

async function emptied(): Promise<PostgresTestDatabase> {
  database ??= linguisticDatabase();
  const tdb = await database;
  const tables = await tdb.pool.query<{ name: string }>("SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'");
  await tdb.pool.query(
    `${tables.rows.map((t) => `DELETE FROM ${t.name}`).join("; ")};
     SELECT setval(c.oid::regclass, 1, false) FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace`,
  );
  return tdb;
}

/** The storage contract on PostgreSQL; the twin has its own pool, as another server process would. */
describeStorageContract("postgres", async () => {
  const tdb = await emptied();
  const pool = new pg.Pool({ connectionString: tdb.url, types: pgTypes, max: 4 });
  const second = new pg.Pool({ connectionString: tdb.url, types: pgTypes, max: 4 });
  return {
    storage: { ...postgresStores(pool), upkeep: postgresUpkeep(pool) },
    twin: { ...postgresStores(second), upkeep: postgresUpkeep(second) },
    sql: {
      async run(sql, params = []) {
        await tdb.pool.query(numbered(sql), [...params]);
      },
      async all<T>(sql: string, params: readonly unknown[] = []) {
        return (await tdb.pool.query(numbered(sql), [...params])).rows as T[];
      },
    },
    async close() {
      await Promise.all([pool.end(), second.end()]);
    },
  };
});

import { afterAll } from "vitest";
import pg from "pg";
import { describeStorageContract } from "../contract/storage-contract";
import { postgresStores, postgresUpkeep } from "./storage";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";
import { pgTypes } from "./types";

/** `?` placeholders as PostgreSQL's `$n` (the contract's seed statements hold no `?` of their own). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * A migrated database that sorts text as people do (ICU's en-US: `a a5 B_1 b-2`, not
 * SQLite's byte order `B_1 a a5 b-2`), as many servers are set up: orderings and keyset
 * positions must still be byte-wise, as on SQLite. On a server without ICU, its default.
 */
const linguisticDatabase = () => createPostgresTestDatabase({ linguistic: true, poolMax: 2 });

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

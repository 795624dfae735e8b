import { describeStorageContract } from "../contract/storage-contract";
import { createTestDatabase } from "../test-database";
import { sqliteStorage } from "./storage";

/**
 * The storage contract on SQLite. The twin shares the connection: in one thread SQLite has
 * one connection per database (a second one would wait for the first one's write lock
 * synchronously, holding the very thread the first needs to finish), and two Storage
 * instances on it share its gate, as the app's request thread and engine thread share the
 * file's write lock across connections.
 */
describeStorageContract("sqlite", async () => {
  const tdb = createTestDatabase();
  return {
    storage: sqliteStorage(tdb.sqlite),
    twin: sqliteStorage(tdb.sqlite),
    sql: {
      async run(sql, params = []) {
        tdb.sqlite.prepare(sql).run(...params);
      },
      async all<T>(sql: string, params: readonly unknown[] = []) {
        return tdb.sqlite.prepare(sql).all(...params) as T[];
      },
    },
    async close() {
      tdb.close();
    },
  };
});

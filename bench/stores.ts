/**
 * Stores for benchmarks: the in-memory store, the real SQLite store on a fresh migrated
 * temp file opened with production pragmas (WAL, synchronous=NORMAL), or the real
 * PostgreSQL store on a fresh migrated database of the test server (lib/db/postgres/
 * test-database.ts; `SWITCHYARD_TEST_DATABASE_URL`, else the local server). Relative imports
 * and no `server-only` modules, so this runs under tsx.
 */
import type { RunStore } from "../engine/ports";
import { MemoryRunStore } from "../engine/store/memory-store";
import { SqliteRunStore } from "../lib/db/run-store";
import { startWalCheckpointer } from "../lib/db/pragmas";
import { createTestDatabase, insertTestWorkflow } from "../lib/db/test-database";
import { PostgresRunStore, type PostgresRunStoreOptions } from "../lib/db/postgres/run-store";
import { createPostgresTestDatabase } from "../lib/db/postgres/test-database";

export type BenchStoreKind = "memory" | "sqlite" | "postgres";

export interface BenchStore {
  store: RunStore;
  /** Make a workflow row exist so runs can reference it (no-op in memory). */
  prepareWorkflow(workflowId: string): Promise<void>;
  /** Release the store (and delete the SQLite file, or drop the PostgreSQL database). */
  close(): Promise<void>;
}

/** `postgres`: the store's options (e.g. `synchronousCommit`); ignored by the others. */
export async function makeBenchStore(kind: BenchStoreKind, postgres: PostgresRunStoreOptions = {}): Promise<BenchStore> {
  if (kind === "memory") return { store: new MemoryRunStore(), prepareWorkflow: async () => {}, close: async () => {} };
  if (kind === "postgres") {
    const database = await createPostgresTestDatabase();
    // Its pool ends clients without waiting for them: one may hear the server end it as the database is dropped.
    database.pool.on("error", () => {});
    return {
      store: new PostgresRunStore(database.pool, postgres),
      prepareWorkflow: async (workflowId) => {
        await database.pool.query("INSERT INTO workflows (id, name, graph, updated_at) VALUES ($1, $1, '{\"nodes\":[],\"edges\":[]}', now()) ON CONFLICT DO NOTHING", [workflowId]);
      },
      close: () => database.close(),
    };
  }
  const database = createTestDatabase();
  const stopCheckpointer = startWalCheckpointer(database.sqlite);
  return {
    store: new SqliteRunStore(database.sqlite),
    prepareWorkflow: async (workflowId) => insertTestWorkflow(database.sqlite, workflowId),
    close: async () => {
      stopCheckpointer();
      database.close();
    },
  };
}

/**
 * Stores for benchmarks: the in-memory store, or the real SQLite store on a fresh migrated
 * temp file opened with production pragmas (WAL, synchronous=NORMAL). Relative imports
 * and no `server-only` modules, so this runs under tsx.
 */
import type { RunStore } from "../engine/ports";
import { MemoryRunStore } from "../engine/store/memory-store";
import { SqliteRunStore } from "../lib/db/run-store";
import { startWalCheckpointer } from "../lib/db/pragmas";
import { createTestDatabase, insertTestWorkflow } from "../lib/db/test-database";

export interface BenchStore {
  store: RunStore;
  /** Make a workflow row exist so runs can reference it (no-op in memory). */
  prepareWorkflow(workflowId: string): Promise<void>;
  /** Release the store (and delete the SQLite file). */
  close(): Promise<void>;
}

export async function makeBenchStore(kind: "memory" | "sqlite"): Promise<BenchStore> {
  if (kind === "memory") return { store: new MemoryRunStore(), prepareWorkflow: async () => {}, close: async () => {} };
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

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { applyMigrations } from "./migrations";
import { applyPragmas, BUSY_TIMEOUT_MS } from "./pragmas";
import { sqlTime } from "./timestamps";

export interface TestDatabase {
  /** Absolute path of the database file. */
  file: string;
  /** A raw connection with the production pragmas. */
  sqlite: Database.Database;
  /** Close the connection and delete the file and its folder. */
  close(): void;
}

/**
 * A new, migrated SQLite file in its own temp folder, opened like production (WAL,
 * synchronous=NORMAL, foreign keys). For tests and benchmarks that need a real database.
 */
export function createTestDatabase(): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), "switchyard-db-"));
  const file = path.join(dir, "test.db");
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  applyPragmas(sqlite);
  applyMigrations(sqlite);
  return {
    file,
    sqlite,
    close() {
      if (sqlite.open) sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A minimal workflow row (empty graph), as the API would have created it, so runs can reference it. */
export function insertTestWorkflow(sqlite: Database.Database, workflowId: string): void {
  const now = sqlTime(Date.now());
  sqlite
    .prepare("INSERT OR IGNORE INTO workflows (id, name, graph, created_at, updated_at) VALUES (?, ?, '{\"nodes\":[],\"edges\":[]}', ?, ?)")
    .run(workflowId, workflowId, now, now);
}

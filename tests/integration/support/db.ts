import Database from "better-sqlite3";

/** Opens the server's database directly (tests inspect and tamper with stored rows). */
export function openDb(dbFile: string): Database.Database {
  return new Database(dbFile, { timeout: 15_000 });
}

/** Runs `read` on a connection of its own to the server's database, closed afterwards whatever happens. */
export function withDb<T>(dbFile: string, read: (conn: Database.Database) => T): T {
  const conn = openDb(dbFile);
  try {
    return read(conn);
  } finally {
    conn.close();
  }
}

/** Every row of the tables the workflow API writes, to prove a refused request changed nothing. */
export function snapshot(dbFile: string): Record<string, unknown[]> {
  return withDb(dbFile, (conn) => ({
    workflows: conn.prepare("SELECT * FROM workflows ORDER BY id").all(),
    workflow_versions: conn.prepare("SELECT * FROM workflow_versions ORDER BY workflow_id, version").all(),
    audit_entries: conn.prepare("SELECT * FROM audit_entries ORDER BY seq").all(),
  }));
}

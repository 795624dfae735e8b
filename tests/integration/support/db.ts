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

/** Every row of every table (but Prisma's own), to prove a refused request changed nothing at all. */
export function snapshotAll(dbFile: string): Record<string, unknown[]> {
  return withDb(dbFile, (conn) => {
    const tables = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name").pluck().all() as string[];
    return Object.fromEntries(tables.map((t) => [t, conn.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()]));
  });
}

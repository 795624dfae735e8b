import type Database from "better-sqlite3";

/**
 * Connection settings shared by the app, tests and benchmarks. Kept free of `server-only`
 * so scripts run under tsx (bench/) can open a database exactly as production does.
 */

/** Busy timeout for every connection: writers queue instead of failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 15_000;

/** Pragmas applied to every raw connection we open. WAL is persistent in the file. */
export function applyPragmas(db: Database.Database): void {
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("foreign_keys = ON");
}

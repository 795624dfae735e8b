import type Database from "better-sqlite3";

/**
 * Connection settings shared by the app, tests and benchmarks. Kept free of `server-only`
 * so scripts run under tsx (bench/) can open a database exactly as production does.
 */

/** Busy timeout for every connection: writers queue instead of failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 15_000;

/**
 * WAL size (pages) at which a commit checkpoints by itself. Far above SQLite's default
 * (1,000): checkpoints fsync, and doing one every ~100 node commits cost more than the
 * commits themselves. {@link startWalCheckpointer} checkpoints on a timer instead; this
 * is the bound if the timer cannot run (≈ 80 MB of WAL).
 */
export const WAL_AUTOCHECKPOINT_PAGES = 20_000;

/** Pragmas applied to every raw connection we open. WAL is persistent in the file. */
export function applyPragmas(db: Database.Database): void {
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("foreign_keys = ON");
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
}

/**
 * Checkpoint the WAL into the database every `intervalMs` (PASSIVE: never waits for
 * readers or writers). Returns a function that stops it. The timer does not keep the
 * process alive.
 */
export function startWalCheckpointer(db: Database.Database, intervalMs = 1000): () => void {
  const timer = setInterval(() => {
    if (db.open) db.pragma("wal_checkpoint(PASSIVE)");
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

import { Worker } from "node:worker_threads";
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

/**
 * Size (bytes) the WAL file is cut back to when it restarts: twice what it reaches under
 * continuous writes (~80 MB, see {@link WAL_AUTOCHECKPOINT_PAGES}). A long reader — a
 * backup (`npm run backup`), a full audit check — holds the WAL's frames for its snapshot,
 * and under load the file grew past a gigabyte in the 19 s of one backup; without a limit
 * SQLite reuses such a file from its start but never shrinks it while the server runs.
 */
export const WAL_SIZE_LIMIT_BYTES = 2 * WAL_AUTOCHECKPOINT_PAGES * 4096;

/** Pragmas (and SQL functions) applied to every raw connection we open. WAL is persistent in the file. */
export function applyPragmas(db: Database.Database, options: { walSizeLimitBytes?: number } = {}): void {
  registerSqlFunctions(db);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("foreign_keys = ON");
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma(`journal_size_limit = ${options.walSizeLimitBytes ?? WAL_SIZE_LIMIT_BYTES}`);
}

/**
 * `unicode_lower(text)`: lower case beyond ASCII, as JavaScript's `toLowerCase` — SQLite's
 * own `lower()` leaves `Ü` and `Д` as they are, so a search lowered in JavaScript missed
 * "Über" even typed exactly. Other values pass through.
 */
export function registerSqlFunctions(db: Database.Database): void {
  db.function("unicode_lower", { deterministic: true }, (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));
}

/**
 * Checkpoint the WAL into the database every `intervalMs` (PASSIVE: never waits for
 * readers or writers). Returns a function that stops it.
 *
 * A file database is checkpointed from a worker thread on a connection of its own: under
 * load one checkpoint copies thousands of pages and held the event loop for tens of ms
 * every second (≈ 5 % of the server's CPU, on the request thread). SQLite runs a
 * checkpoint concurrently with the writer's commits. Falls back to a timer on `db`'s own
 * thread (in-memory databases, or when the worker cannot load the driver). Neither keeps
 * the process alive.
 */
export function startWalCheckpointer(db: Database.Database, intervalMs = 1000): () => void {
  if (db.memory) return checkpointOnThisThread(db, intervalMs);
  let stopFallback: (() => void) | null = null;
  const worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { file: db.name, intervalMs } });
  worker.unref();
  worker.once("error", () => {
    stopFallback ??= checkpointOnThisThread(db, intervalMs);
  });
  return () => {
    void worker.terminate();
    stopFallback?.();
  };
}

function checkpointOnThisThread(db: Database.Database, intervalMs: number): () => void {
  const timer = setInterval(() => {
    if (db.open) db.pragma("wal_checkpoint(PASSIVE)");
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** The checkpointer thread: plain CommonJS (it is not bundled), the driver from the app's node_modules. */
const CHECKPOINTER_SOURCE = `
const { workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {}
}, workerData.intervalMs);
`;

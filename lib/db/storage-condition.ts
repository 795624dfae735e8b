/**
 * When a storage error is the machine's storage failing rather than the statement: a full
 * disk, a lock held elsewhere, a read-only or failing database. The transaction rolled back,
 * nothing was written, and waiting (or fixing the disk) is what helps. The API answers
 * these with their own statuses (lib/http/error-response.ts); recovery never fails a run
 * over them (lib/runtime/run-runtime.ts).
 */
export type StorageCondition = "full" | "busy" | "read_only" | "io";

/** SQLite result codes, extended ones included by prefix (`SQLITE_BUSY_SNAPSHOT` is `SQLITE_BUSY`). */
const CONDITIONS: [prefix: string, condition: StorageCondition][] = [
  ["SQLITE_FULL", "full"],
  ["SQLITE_BUSY", "busy"],
  ["SQLITE_LOCKED", "busy"],
  ["SQLITE_READONLY", "read_only"],
  ["SQLITE_IOERR", "io"],
  ["SQLITE_CANTOPEN", "io"],
  ["SQLITE_NOMEM", "io"],
];

/**
 * PostgreSQL SQLSTATE codes (a server error's `code`), exact, or a whole class by its first
 * two characters. Everything else — constraint violations, syntax, data errors, 25P02 (an
 * earlier statement failed) — is the statement's own fault.
 */
const SQLSTATES: [code: string, condition: StorageCondition][] = [
  ["53100", "full"], // disk_full
  ["53400", "full"], // configuration_limit_exceeded (temp_file_limit)
  ["53200", "io"], // out_of_memory, as SQLITE_NOMEM
  ["53300", "busy"], // too_many_connections
  ["40001", "busy"], // serialization_failure
  ["40P01", "busy"], // deadlock_detected
  ["55P03", "busy"], // lock_not_available (lock_timeout)
  ["57014", "busy"], // query_canceled (statement_timeout)
  ["57P03", "busy"], // cannot_connect_now (the server is starting up)
  ["25006", "read_only"], // read_only_sql_transaction (a standby, or default_transaction_read_only)
  ["08", "io"], // connection_exception
  ["57P01", "io"], // admin_shutdown
  ["57P02", "io"], // crash_shutdown
  ["58", "io"], // system_error (58030 io_error)
  ["XX001", "io"], // data_corrupted
  ["XX002", "io"], // index_corrupted
];

const SQLSTATE = /^[0-9A-Z]{5}$/;

export function storageCondition(err: unknown): StorageCondition | null {
  const e = err as { code?: unknown; severity?: unknown } | null;
  const code = e?.code;
  if (typeof code !== "string") return null;
  // A server's error as pg reports it carries its severity; other errors' codes are not SQLSTATEs.
  if (typeof e?.severity === "string" && SQLSTATE.test(code)) {
    return (SQLSTATES.find(([c]) => c === code) ?? SQLSTATES.find(([c]) => c.length === 2 && code.startsWith(c)))?.[1] ?? null;
  }
  return CONDITIONS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`))?.[1] ?? null;
}

/**
 * When a SQLite error is the machine's storage failing rather than the statement: a full
 * disk, a lock held elsewhere, a read-only or failing file. The transaction rolled back,
 * nothing was written, and waiting (or fixing the disk) is what helps. The API answers
 * these with their own statuses (lib/http/error-response.ts); recovery never fails a run
 * over them (lib/runtime/run-runtime.ts).
 */
export type StorageCondition = "full" | "busy" | "read_only" | "io";

/** Result codes, extended ones included by prefix (`SQLITE_BUSY_SNAPSHOT` is `SQLITE_BUSY`). */
const CONDITIONS: [prefix: string, condition: StorageCondition][] = [
  ["SQLITE_FULL", "full"],
  ["SQLITE_BUSY", "busy"],
  ["SQLITE_LOCKED", "busy"],
  ["SQLITE_READONLY", "read_only"],
  ["SQLITE_IOERR", "io"],
  ["SQLITE_CANTOPEN", "io"],
  ["SQLITE_NOMEM", "io"],
];

export function storageCondition(err: unknown): StorageCondition | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  return CONDITIONS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`))?.[1] ?? null;
}

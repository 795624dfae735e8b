import "server-only";
import type Database from "better-sqlite3";
import { db } from "./client";

/** A raw connection inside a write transaction; functions taking it must stay synchronous. */
export type Tx = Database.Database;

/**
 * Runs `fn` in one `BEGIN IMMEDIATE` transaction on the raw connection. Read-then-write
 * logic (audit chain head, `base_version` checks) is atomic and serialized: the write
 * lock is taken up front, so two writers never race or fail a lock upgrade. Nested calls
 * become savepoints of the outer transaction.
 */
export function writeTransaction<T>(fn: (tx: Tx) => T): T {
  const { sqlite } = db();
  if (sqlite.inTransaction) return sqlite.transaction(() => fn(sqlite))();
  return sqlite.transaction(() => fn(sqlite)).immediate();
}

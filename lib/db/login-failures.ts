import "server-only";
/** Failed sign-ins by key (`ip:<address>`, `email:<email>`), for the login rate limit (lib/auth/login-limit.ts). */
import type Database from "better-sqlite3";
import { stmt } from "./statement-cache";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";

/** How many failures `key` has since `since`, and the oldest of them (ISO). */
export function failuresSince(conn: Database.Database, key: string, since: Date): { count: number; oldest: string | null } {
  const row = stmt(conn, "SELECT count(*) AS count, min(at) AS oldest FROM login_failures WHERE key = ? AND at > ?").get(key, toSqlTimestamp(since)) as { count: number; oldest: string | null };
  return { count: row.count, oldest: row.oldest === null ? null : toIsoTimestamp(row.oldest) };
}

export function recordFailure(tx: Database.Database, keys: string[], at: Date): void {
  for (const key of keys) stmt(tx, "INSERT INTO login_failures (key, at) VALUES (?, ?)").run(key, toSqlTimestamp(at));
}

export function clearFailures(tx: Database.Database, key: string): void {
  stmt(tx, "DELETE FROM login_failures WHERE key = ?").run(key);
}

/** Drops failures older than `before` (they no longer count). */
export function pruneFailures(tx: Database.Database, before: Date): void {
  stmt(tx, "DELETE FROM login_failures WHERE at <= ?").run(toSqlTimestamp(before));
}

/** Failed sign-ins by key on PostgreSQL (lib/db/login-failures.ts on SQLite), for the login rate limit. */
import type { Sql } from "./sql";
import { isoOrNull } from "./times";

export async function failuresSince(sql: Sql, key: string, since: Date): Promise<{ count: number; oldest: string | null }> {
  const row = (await sql.first<{ count: number; oldest: Date | null }>("SELECT count(*) AS count, min(at) AS oldest FROM login_failures WHERE key = $1 AND at > $2", [key, since]))!;
  return { count: row.count, oldest: isoOrNull(row.oldest) };
}

/** One failure per key, in one statement. */
export async function recordFailure(sql: Sql, keys: string[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  await sql.run("INSERT INTO login_failures (key, at) SELECT k, $2::timestamptz FROM unnest($1::text[]) AS k", [keys, at]);
}

export async function clearFailures(sql: Sql, key: string): Promise<void> {
  await sql.run("DELETE FROM login_failures WHERE key = $1", [key]);
}

export async function pruneFailures(sql: Sql, before: Date): Promise<void> {
  await sql.run("DELETE FROM login_failures WHERE at <= $1", [before]);
}

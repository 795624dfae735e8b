/** What the PostgreSQL database holds and how much room it takes (lib/db/database-stats.ts on SQLite). */
import type pg from "pg";
import type { DatabaseStats } from "../ports";
import type { Sql } from "./sql";

/** The server and database a pool connects to, without user or password. */
export function poolLocation(pool: pg.Pool, database: string): string {
  const options = pool.options as pg.PoolConfig;
  let host = options.host ?? "localhost";
  let port = options.port ?? 5432;
  if (options.connectionString) {
    try {
      const u = new URL(options.connectionString);
      host = decodeURIComponent(u.hostname) || u.searchParams.get("host") || host;
      port = Number(u.port) || port;
    } catch {
      // Not a URL (a key=value string): the server is named by its host and port options.
    }
  }
  return `${host}:${port}/${database}`;
}

/**
 * Sizes from the server: the database's on-disk size, and the free space its tables and
 * indexes hold for new rows (what VACUUM reclaimed, e.g. after run retention) when the
 * pg_freespacemap extension is installed, else 0. The write-ahead log belongs to the whole
 * server, not to this database: 0.
 */
export async function databaseStats(sql: Sql, pool: pg.Pool): Promise<DatabaseStats> {
  const row = (await sql.first<{ database: string; bytes: number; freespace: boolean; workflows: number; runs: number; audit_entries: number }>(
    `SELECT current_database() AS database, pg_database_size(current_database()) AS bytes,
            EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_freespacemap') AS freespace,
            (SELECT count(*) FROM workflows WHERE deleted_at IS NULL) AS workflows,
            (SELECT count(*) FROM runs) AS runs,
            (SELECT count(*) FROM audit_entries) AS audit_entries`,
  ))!;
  const free = row.freespace
    ? (await sql.first<{ bytes: number }>(
        `SELECT COALESCE(SUM(f.avail), 0) AS bytes FROM pg_class c CROSS JOIN LATERAL pg_freespace(c.oid::regclass) f
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'i')`,
      ))!.bytes
    : 0;
  return {
    backend: "postgres",
    location: poolLocation(pool, row.database),
    bytes: row.bytes,
    free_bytes: free,
    wal_bytes: 0,
    workflows: row.workflows,
    runs: row.runs,
    audit_entries: row.audit_entries,
  };
}

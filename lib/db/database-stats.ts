import { statSync } from "node:fs";
import type Database from "better-sqlite3";
import type { DatabaseStats } from "./ports";

const fileSize = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** Sizes from SQLite's own page counts (the file may be larger by a partial page) and row counts. */
export function databaseStats(conn: Database.Database): DatabaseStats {
  const pageSize = conn.pragma("page_size", { simple: true }) as number;
  const pages = conn.pragma("page_count", { simple: true }) as number;
  const free = conn.pragma("freelist_count", { simple: true }) as number;
  const count = (table: string, where = "") => conn.prepare(`SELECT COUNT(*) FROM "${table}" ${where}`).pluck().get() as number;
  return {
    backend: "sqlite",
    location: conn.name,
    bytes: pages * pageSize,
    free_bytes: free * pageSize,
    wal_bytes: conn.memory ? 0 : fileSize(`${conn.name}-wal`),
    workflows: count("workflows", "WHERE deleted_at IS NULL"),
    runs: count("runs"),
    audit_entries: count("audit_entries"),
  };
}

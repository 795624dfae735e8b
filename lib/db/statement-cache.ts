/**
 * Prepared statements cached per connection: preparing costs tens of microseconds, and
 * the trigger path (run row, audit row, version lookups) runs on every request.
 */
import type Database from "better-sqlite3";

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The statement for `sql` on `conn`, prepared on first use. */
export function stmt(conn: Database.Database, sql: string): Database.Statement {
  let map = cache.get(conn);
  if (!map) {
    map = new Map();
    cache.set(conn, map);
  }
  let s = map.get(sql);
  if (!s) {
    s = conn.prepare(sql);
    map.set(sql, s);
  }
  return s;
}

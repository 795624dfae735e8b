import "server-only";
/**
 * Names for audit targets, looked up when the trail is read: the workflow's name, the run's
 * workflow and number, the person's or key's name. Never stored in the row (its hash covers
 * what happened, not what things are called now); a target deleted since keeps its id.
 */
import type Database from "better-sqlite3";
import { db } from "./client";

type Target = { target_type: string; target_id: string };

const LOOKUPS: Record<string, (ids: string[]) => string> = {
  workflow: (ids) => `SELECT id, name FROM workflows WHERE id IN (${ids.map(() => "?").join(",")})`,
  run: (ids) => `SELECT r.id, w.name || ' · run #' || r.num AS name FROM runs r JOIN workflows w ON w.id = r.workflow_id WHERE r.id IN (${ids.map(() => "?").join(",")})`,
  user: (ids) => `SELECT id, name FROM users WHERE id IN (${ids.map(() => "?").join(",")})`,
  api_key: (ids) => `SELECT id, name FROM api_keys WHERE id IN (${ids.map(() => "?").join(",")})`,
  hook: (ids) => `SELECT h.id, 'webhook of ' || w.name AS name FROM hooks h JOIN workflows w ON w.id = h.workflow_id WHERE h.id IN (${ids.map(() => "?").join(",")})`,
};

/** `type:id` → the target's name now, for the targets that have one (a secret's id is its name). */
export function auditTargetNames(rows: readonly Target[], conn: Database.Database = db().sqlite): Map<string, string> {
  const byType = new Map<string, Set<string>>();
  for (const r of rows) if (LOOKUPS[r.target_type] && r.target_id !== "*") (byType.get(r.target_type) ?? byType.set(r.target_type, new Set()).get(r.target_type)!).add(r.target_id);
  const names = new Map<string, string>();
  for (const [type, set] of byType) {
    const ids = [...set];
    for (const { id, name } of conn.prepare(LOOKUPS[type](ids)).all(...ids) as { id: string; name: string }[]) names.set(`${type}:${id}`, name);
  }
  return names;
}

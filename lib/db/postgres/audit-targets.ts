/** Names for audit targets on PostgreSQL (lib/db/audit-targets.ts on SQLite), looked up when the trail is read. */
import type { Sql } from "./sql";

type Target = { target_type: string; target_id: string };

const LOOKUPS: Record<string, string> = {
  workflow: "SELECT id, name FROM workflows WHERE id = ANY($1)",
  run: "SELECT r.id, w.name || ' · run #' || r.num AS name FROM runs r JOIN workflows w ON w.id = r.workflow_id WHERE r.id = ANY($1)",
  user: "SELECT id, name FROM users WHERE id = ANY($1)",
  api_key: "SELECT id, name FROM api_keys WHERE id = ANY($1)",
  hook: "SELECT h.id, 'webhook of ' || w.name AS name FROM hooks h JOIN workflows w ON w.id = h.workflow_id WHERE h.id = ANY($1)",
};

/** `type:id` → the target's name now, for the targets that have one (a secret's id is its name). */
export async function auditTargetNames(sql: Sql, rows: readonly Target[]): Promise<Map<string, string>> {
  const byType = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!LOOKUPS[r.target_type] || r.target_id === "*") continue;
    (byType.get(r.target_type) ?? byType.set(r.target_type, new Set()).get(r.target_type)!).add(r.target_id);
  }
  const names = new Map<string, string>();
  for (const [type, ids] of byType) {
    for (const { id, name } of await sql.rows<{ id: string; name: string }>(LOOKUPS[type], [[...ids]])) names.set(`${type}:${id}`, name);
  }
  return names;
}

/** The workflow list on PostgreSQL (lib/db/workflow-list.ts on SQLite). */
import type { RunStatus } from "@/engine/ports";
import type { WorkflowListPosition, WorkflowSummary } from "../ports";
import { jsonArrayLength } from "./json";
import { Params, type Sql } from "./sql";
import { iso, positionTime, storedKey } from "./times";

interface SummaryRow {
  id: string;
  name: string;
  description: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  node_count: number | null;
  run_id: string | null;
  run_status: string | null;
  run_created_at: Date | null;
}

/**
 * Lower case as JavaScript's `toLowerCase` (the search is lowered there): ICU's root locale
 * when the server has it, whatever the database's LC_CTYPE (under `C`, lower() leaves `Ü`
 * as it is); else the database's own lower().
 */
const lowering = new WeakMap<Sql, Promise<(expr: string) => string>>();

function unicodeLower(sql: Sql): Promise<(expr: string) => string> {
  let found = lowering.get(sql);
  if (!found) {
    found = sql
      .first<{ icu: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') AS icu")
      .then((r) => (r?.icu ? (expr: string) => `lower(${expr} COLLATE "und-x-icu")` : (expr: string) => `lower(${expr})`));
    found.catch(() => lowering.delete(sql));
    lowering.set(sql, found);
  }
  return found;
}

/**
 * Live workflows, newest updated first, after `after` (ids compared byte-wise, as SQLite
 * does); `q`: name or description contains it, ignoring case. Each with its latest run.
 */
export async function listWorkflowSummaries(
  sql: Sql,
  { limit, after, q }: { limit: number; after?: WorkflowListPosition; q?: string },
): Promise<{ summary: WorkflowSummary; position: WorkflowListPosition }[]> {
  const p = new Params();
  const where = ["w.deleted_at IS NULL"];
  if (q) {
    const lower = await unicodeLower(sql);
    const needle = p.add(q.toLowerCase());
    where.push(`(strpos(${lower("w.name")}, ${needle}) > 0 OR strpos(${lower("w.description")}, ${needle}) > 0)`);
  }
  if (after) {
    const at = positionTime(after.updated_at);
    if (at === null) return [];
    const t = p.add(at);
    where.push(`(w.updated_at < ${t} OR (w.updated_at = ${t} AND w.id COLLATE "C" < ${p.add(after.id)}))`);
  }
  const rows = await sql.rows<SummaryRow>(
    `SELECT w.id, w.name, w.description, w.version, w.created_at, w.updated_at, ${jsonArrayLength("w.graph", "nodes")} AS node_count,
            r.id AS run_id, r.status AS run_status, r.created_at AS run_created_at
     FROM workflows w
     LEFT JOIN LATERAL (SELECT r2.id, r2.status, r2.created_at FROM runs r2 WHERE r2.workflow_id = w.id ORDER BY r2.created_at DESC, r2.num DESC LIMIT 1) r ON true
     WHERE ${where.join(" AND ")}
     ORDER BY w.updated_at DESC, w.id COLLATE "C" DESC
     LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map((row) => ({
    position: { updated_at: storedKey(row.updated_at), id: row.id },
    summary: {
      id: row.id,
      name: row.name,
      description: row.description,
      version: row.version,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      node_count: row.node_count ?? 0,
      last_run: row.run_id ? { id: row.run_id, status: (row.run_status ?? "pending") as RunStatus, created_at: iso(row.run_created_at ?? new Date(0)) } : null,
    },
  }));
}

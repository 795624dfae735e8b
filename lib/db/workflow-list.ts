import type { RunStatus } from "@/engine/ports";
import "server-only";
import type Database from "better-sqlite3";
import { toIsoTimestamp } from "./timestamps";
import type { WorkflowSummary, WorkflowListPosition } from "./ports";

export type { WorkflowSummary, WorkflowListPosition } from "./ports";

interface SummaryRow {
  id: string;
  name: string;
  description: string;
  version: number;
  created_at: string;
  updated_at: string;
  node_count: number | null;
  run_id: string | null;
  run_status: string | null;
  run_created_at: string | number | null;
}

const LIST_SQL = `
SELECT w.id, w.name, w.description, w.version, w.created_at, w.updated_at,
       json_array_length(w.graph, '$.nodes') AS node_count,
       r.id AS run_id, r.status AS run_status, r.created_at AS run_created_at
FROM workflows w
LEFT JOIN runs r ON r.id = (
  SELECT r2.id FROM runs r2 WHERE r2.workflow_id = w.id ORDER BY r2.created_at DESC, r2.rowid DESC LIMIT 1)
WHERE w.deleted_at IS NULL
  AND (@q IS NULL OR instr(unicode_lower(w.name), @q) > 0 OR instr(unicode_lower(w.description), @q) > 0)
  AND (@after_updated IS NULL OR w.updated_at < @after_updated OR (w.updated_at = @after_updated AND w.id < @after_id))
ORDER BY w.updated_at DESC, w.id DESC
LIMIT @limit`;

/**
 * Live workflows, newest updated first, after `after`; returns rows with their raw keyset
 * position. `q`: only those whose name or description contains it, ignoring case.
 */
export function listWorkflowSummaries(conn: Database.Database, { limit, after, q }: { limit: number; after?: WorkflowListPosition; q?: string }): { summary: WorkflowSummary; position: WorkflowListPosition }[] {
  const rows = conn
    .prepare(LIST_SQL)
    .all({ after_updated: after?.updated_at ?? null, after_id: after?.id ?? null, limit, q: q ? q.toLowerCase() : null }) as SummaryRow[];
  return rows.map((row) => ({
    position: { updated_at: row.updated_at, id: row.id },
    summary: {
      id: row.id,
      name: row.name,
      description: row.description,
      version: row.version,
      created_at: toIsoTimestamp(row.created_at),
      updated_at: toIsoTimestamp(row.updated_at),
      node_count: row.node_count ?? 0,
      last_run: row.run_id ? { id: row.run_id, status: (row.run_status ?? "pending") as RunStatus, created_at: toIsoTimestamp(row.run_created_at ?? 0) } : null,
    },
  }));
}

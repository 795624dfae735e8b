import "server-only";
import type Database from "better-sqlite3";
import { db } from "./client";
import { graphFromColumn, graphToColumn } from "./graph-column";
import { newId } from "./ids";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";
import { stmt } from "./statement-cache";
import type { VersionRecord, VersionSummary, NewVersion } from "./ports";

export type { VersionRecord, VersionSummary, NewVersion } from "./ports";

/** Writes the snapshot of `version`. The (workflow, version) pair is unique, so a version is written once. */
export function insertVersion(tx: Database.Database, v: NewVersion): void {
  stmt(tx, "INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by, created_by_name, note, layout_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
    newId(),
    v.workflowId,
    v.version,
    graphToColumn(v.graph),
    toSqlTimestamp(v.at),
    v.createdBy,
    v.createdByName ?? null,
    v.note ?? null,
    v.layoutOnly ? 1 : 0,
  );
}

const COLUMNS = "workflow_id, version, created_at, created_by, created_by_name, note, layout_only";

type MetaRow = Omit<VersionRecord, "graph" | "layout_only"> & { layout_only: number };

const fromMeta = (r: MetaRow) => ({ ...r, layout_only: r.layout_only === 1, created_at: toIsoTimestamp(r.created_at) });

/** One version with its graph, or null. */
export function findVersion({ workflowId, version }: { workflowId: string; version: number }, conn: Database.Database = db().sqlite): VersionRecord | null {
  const row = stmt(conn, `SELECT ${COLUMNS}, graph FROM workflow_versions WHERE workflow_id = ? AND version = ?`).get(workflowId, version) as (MetaRow & { graph: string }) | undefined;
  if (!row) return null;
  return { ...fromMeta(row), graph: graphFromColumn(row.graph, `workflow ${workflowId} version ${version}`) };
}

/** Versions newest first, below `beforeVersion` when given. */
export function listVersionSummaries(conn: Database.Database, { workflowId, beforeVersion, limit }: { workflowId: string; beforeVersion?: number; limit: number }): VersionSummary[] {
  const rows = conn
    .prepare(
      `SELECT ${COLUMNS},
              json_array_length(graph, '$.nodes') AS node_count, json_array_length(graph, '$.edges') AS edge_count
       FROM workflow_versions WHERE workflow_id = ? AND version < ? ORDER BY version DESC LIMIT ?`,
    )
    .all(workflowId, beforeVersion ?? Number.MAX_SAFE_INTEGER, limit) as (MetaRow & { node_count: number | null; edge_count: number | null })[];
  return rows.map((r) => ({ ...fromMeta(r), node_count: r.node_count ?? 0, edge_count: r.edge_count ?? 0 }));
}

/** Versions above `afterVersion`, oldest first, without graphs (what a workflow's event stream sends). */
export function listVersionsAfter(conn: Database.Database, { workflowId, afterVersion, limit }: { workflowId: string; afterVersion: number; limit: number }): Omit<VersionRecord, "graph">[] {
  const rows = stmt(conn, `SELECT ${COLUMNS} FROM workflow_versions WHERE workflow_id = ? AND version > ? ORDER BY version ASC LIMIT ?`).all(workflowId, afterVersion, limit) as MetaRow[];
  return rows.map(fromMeta);
}

import "server-only";
import type Database from "better-sqlite3";
import type { Graph } from "@/engine/graph/schema";
import { db } from "./client";
import { graphFromColumn, graphToColumn } from "./graph-column";
import { newId } from "./ids";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";
import { stmt } from "./statement-cache";

/** An immutable snapshot of a workflow's graph at one version number. */
export interface VersionRecord {
  workflow_id: string;
  version: number;
  graph: Graph;
  created_at: string;
  created_by: string;
}

/** A version in a list: counts instead of the graph. */
export interface VersionSummary {
  workflow_id: string;
  version: number;
  node_count: number;
  edge_count: number;
  created_at: string;
  created_by: string;
}

/** Writes the snapshot of `version`. The (workflow, version) pair is unique, so a version is written once. */
export function insertVersion(tx: Database.Database, v: { workflowId: string; version: number; graph: Graph; createdBy: string; at: Date }): void {
  stmt(tx, "INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)").run(
    newId(),
    v.workflowId,
    v.version,
    graphToColumn(v.graph),
    toSqlTimestamp(v.at),
    v.createdBy,
  );
}

interface VersionRow {
  workflow_id: string;
  version: number;
  graph: string;
  created_at: string;
  created_by: string;
}

/** One version with its graph, or null. */
export function findVersion({ workflowId, version }: { workflowId: string; version: number }, conn: Database.Database = db().sqlite): VersionRecord | null {
  const row = stmt(conn, "SELECT workflow_id, version, graph, created_at, created_by FROM workflow_versions WHERE workflow_id = ? AND version = ?")
    .get(workflowId, version) as VersionRow | undefined;
  if (!row) return null;
  return { ...row, graph: graphFromColumn(row.graph, `workflow ${workflowId} version ${version}`), created_at: toIsoTimestamp(row.created_at) };
}

/** Versions newest first, below `beforeVersion` when given. */
export function listVersionSummaries({ workflowId, beforeVersion, limit }: { workflowId: string; beforeVersion?: number; limit: number }): VersionSummary[] {
  const rows = db()
    .sqlite.prepare(
      `SELECT workflow_id, version, created_at, created_by,
              json_array_length(graph, '$.nodes') AS node_count, json_array_length(graph, '$.edges') AS edge_count
       FROM workflow_versions WHERE workflow_id = ? AND version < ? ORDER BY version DESC LIMIT ?`,
    )
    .all(workflowId, beforeVersion ?? Number.MAX_SAFE_INTEGER, limit) as (Omit<VersionSummary, "node_count" | "edge_count"> & { node_count: number | null; edge_count: number | null })[];
  return rows.map((r) => ({ ...r, node_count: r.node_count ?? 0, edge_count: r.edge_count ?? 0, created_at: toIsoTimestamp(r.created_at) }));
}

import "server-only";
import type Database from "better-sqlite3";
import { db } from "./client";
import { graphFromColumn, graphToColumn } from "./graph-column";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";
import { stmt } from "./statement-cache";
import type { WorkflowRecord, NewWorkflow, WorkflowChange } from "./ports";

export type { WorkflowRecord, NewWorkflow, WorkflowChange } from "./ports";

interface WorkflowRow {
  id: string;
  name: string;
  description: string;
  graph: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** Reads a workflow that is not deleted, or null. Synchronous so it can run inside a write transaction. */
export function findWorkflow({ id }: { id: string }, conn: Database.Database = db().sqlite): WorkflowRecord | null {
  const row = stmt(conn, "SELECT id, name, description, graph, version, created_at, updated_at FROM workflows WHERE id = ? AND deleted_at IS NULL")
    .get(id) as WorkflowRow | undefined;
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    graph: graphFromColumn(row.graph, `workflow ${row.id}`),
    version: row.version,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}

/** Inserts a workflow at version 1. */
export function insertWorkflow(tx: Database.Database, w: NewWorkflow): void {
  const at = toSqlTimestamp(w.at);
  stmt(tx, "INSERT INTO workflows (id, name, description, graph, version, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)").run(
    w.id,
    w.name,
    w.description,
    graphToColumn(w.graph),
    at,
    at,
  );
}

/** Replaces the live fields of a workflow. */
export function updateWorkflow(tx: Database.Database, w: WorkflowChange): void {
  stmt(tx, "UPDATE workflows SET name = ?, description = ?, graph = ?, version = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL").run(
    w.name,
    w.description,
    graphToColumn(w.graph),
    w.version,
    toSqlTimestamp(w.at),
    w.id,
  );
}

/** Soft delete: the row and its history stay for runs and audit, but the workflow is gone from the API. */
export function markWorkflowDeleted(tx: Database.Database, { id, at }: { id: string; at: Date }): void {
  stmt(tx, "UPDATE workflows SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL").run(toSqlTimestamp(at), toSqlTimestamp(at), id);
}

/** The `workflows` table on PostgreSQL (lib/db/workflows.ts on SQLite). */
import type { NewWorkflow, WorkflowChange, WorkflowHead, WorkflowRecord } from "../ports";
import { graphFromColumn, graphToColumn } from "../graph-column";
import type { Sql } from "./sql";
import { iso } from "./times";

interface WorkflowRow {
  id: string;
  name: string;
  description: string;
  graph: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** A workflow that is not deleted, or null. */
export async function findWorkflow(sql: Sql, id: string): Promise<WorkflowRecord | null> {
  const row = await sql.first<WorkflowRow>("SELECT id, name, description, graph, version, created_at, updated_at FROM workflows WHERE id = $1 AND deleted_at IS NULL", [id]);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    graph: graphFromColumn(row.graph, `workflow ${row.id}`),
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The live workflow's id, name and head version, without its graph (which can be large). */
export async function findWorkflowHead(sql: Sql, id: string): Promise<WorkflowHead | null> {
  return (await sql.first<WorkflowHead>("SELECT id, name, version FROM workflows WHERE id = $1 AND deleted_at IS NULL", [id])) ?? null;
}

export async function insertWorkflow(sql: Sql, w: NewWorkflow): Promise<void> {
  await sql.run("INSERT INTO workflows (id, name, description, graph, version, created_at, updated_at) VALUES ($1, $2, $3, $4, 1, $5, $5)", [
    w.id,
    w.name,
    w.description,
    graphToColumn(w.graph),
    w.at,
  ]);
}

export async function updateWorkflow(sql: Sql, w: WorkflowChange): Promise<void> {
  await sql.run("UPDATE workflows SET name = $1, description = $2, graph = $3, version = $4, updated_at = $5 WHERE id = $6 AND deleted_at IS NULL", [
    w.name,
    w.description,
    graphToColumn(w.graph),
    w.version,
    w.at,
    w.id,
  ]);
}

export async function markWorkflowDeleted(sql: Sql, { id, at }: { id: string; at: Date }): Promise<void> {
  await sql.run("UPDATE workflows SET deleted_at = $1, updated_at = $1 WHERE id = $2 AND deleted_at IS NULL", [at, id]);
}

/** Workflow versions on PostgreSQL (lib/db/versions.ts on SQLite): immutable snapshots of a graph. */
import type { Graph } from "@/engine/graph/schema";
import type { NewVersion, VersionRecord, VersionSummary } from "../ports";
import { graphFromColumn, graphToColumn } from "../graph-column";
import { newId } from "../ids";
import { jsonArrayLength } from "./json";
import type { Sql } from "./sql";
import { iso } from "./times";

export async function insertVersion(sql: Sql, v: NewVersion): Promise<void> {
  await sql.run(
    "INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by, created_by_name, note, layout_only) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    [newId(), v.workflowId, v.version, graphToColumn(v.graph), v.at, v.createdBy, v.createdByName ?? null, v.note ?? null, v.layoutOnly ?? false],
  );
}

/** Version numbers are `integer` columns: a number past them names no version (and would fail the statement). */
const INT_MAX = 2 ** 31 - 1;
const isVersion = (n: number) => Number.isSafeInteger(n) && Math.abs(n) <= INT_MAX;
const clamp = (n: number) => Math.max(-INT_MAX, Math.min(INT_MAX, n));

const COLUMNS = "workflow_id, version, created_at, created_by, created_by_name, note, layout_only";

type MetaRow = Omit<VersionRecord, "graph" | "created_at"> & { created_at: Date };

const fromMeta = (r: MetaRow): Omit<VersionRecord, "graph"> => ({ ...r, created_at: iso(r.created_at) });

export async function findVersion(sql: Sql, { workflowId, version }: { workflowId: string; version: number }): Promise<VersionRecord | null> {
  if (!isVersion(version)) return null;
  const row = await sql.first<MetaRow & { graph: string }>(`SELECT ${COLUMNS}, graph FROM workflow_versions WHERE workflow_id = $1 AND version = $2`, [workflowId, version]);
  if (!row) return null;
  const { graph, ...meta } = row;
  return { ...fromMeta(meta), graph: graphFromColumn(graph, `workflow ${workflowId} version ${version}`) };
}

/** Versions newest first, below `beforeVersion` when given, with their node and edge counts. */
export async function listVersionSummaries(sql: Sql, { workflowId, beforeVersion, limit }: { workflowId: string; beforeVersion?: number; limit: number }): Promise<VersionSummary[]> {
  const rows = await sql.rows<MetaRow & { node_count: number | null; edge_count: number | null }>(
    `SELECT ${COLUMNS}, ${jsonArrayLength("graph", "nodes")} AS node_count, ${jsonArrayLength("graph", "edges")} AS edge_count
     FROM workflow_versions WHERE workflow_id = $1 AND version < $2 ORDER BY version DESC LIMIT $3`,
    [workflowId, clamp(Math.ceil(beforeVersion ?? INT_MAX)), limit],
  );
  return rows.map(({ node_count, edge_count, ...meta }) => ({ ...fromMeta(meta), node_count: node_count ?? 0, edge_count: edge_count ?? 0 }));
}

/** Versions above `afterVersion`, oldest first, without graphs. */
export async function listVersionsAfter(sql: Sql, { workflowId, afterVersion, limit }: { workflowId: string; afterVersion: number; limit: number }): Promise<Omit<VersionRecord, "graph">[]> {
  const rows = await sql.rows<MetaRow>(`SELECT ${COLUMNS} FROM workflow_versions WHERE workflow_id = $1 AND version > $2 ORDER BY version ASC LIMIT $3`, [workflowId, clamp(Math.floor(afterVersion)), limit]);
  return rows.map(fromMeta);
}

/**
 * The stored graph text of a version: its snapshot, or (a version saved before snapshots
 * existed) the workflow's own row while it is still at that version. One statement, so one
 * snapshot of the database: a concurrent save cannot slip between the two reads.
 */
async function versionGraphText(sql: Sql, workflowId: string, version: number): Promise<string | null> {
  if (!isVersion(version)) return null;
  const row = await sql.first<{ graph: string | null }>(
    `SELECT COALESCE((SELECT graph FROM workflow_versions WHERE workflow_id = $1 AND version = $2),
                     (SELECT graph FROM workflows WHERE id = $1 AND version = $2)) AS graph`,
    [workflowId, version],
  );
  return row?.graph ?? null;
}

/** Parsed graphs kept per pool, the most recently used (as ../graph-column.ts keeps them per SQLite connection). */
const KEPT = 64;

/** The parsed graph of a version, cached: versions are immutable, and callers treat the graph as read-only. */
export class VersionGraphs {
  private readonly cache = new Map<string, Graph>();

  constructor(private readonly sql: Sql) {}

  async graph(workflowId: string, version: number): Promise<Graph | null> {
    const key = `${workflowId}\u0000${version}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const text = await versionGraphText(this.sql, workflowId, version);
    if (text === null) return null;
    const graph = this.cache.get(key) ?? graphFromColumn(text, `workflow ${workflowId} version ${version}`);
    this.cache.set(key, graph);
    if (this.cache.size > KEPT) this.cache.delete(this.cache.keys().next().value as string);
    return graph;
  }
}

import "server-only";
/**
 * Run rows outside the engine's hot path: creating a run together with its audit row,
 * and the list/inbox queries of the API. The engine's own reads and writes go through
 * {@link import("./run-store").SqliteRunStore}.
 */
import type Database from "better-sqlite3";
import { db } from "./client";
import { newId } from "./ids";
import { runFromRow, type RunRow } from "./run-rows";
import { sqlTime } from "./timestamps";
import { inRun, NEXT_RUN_NUM } from "./run-statements";
import { stmt } from "./statement-cache";
import type { RunWithWorkflow, RunListPosition, RunListFilter, ApprovalRow, NewRunRow, WorkflowHead } from "./ports";

export type { RunWithWorkflow, RunListPosition, RunListFilter, ApprovalRow, NewRunRow } from "./ports";


/**
 * The live workflow's id, name and version. Not its graph: the text can be large (reading a
 * 340 kB one cost ~340 µs a trigger), and callers cache per version — see {@link versionGraphText}.
 */
export function findWorkflowHead(id: string, conn: Database.Database = db().sqlite): WorkflowHead | null {
  return (stmt(conn, "SELECT id, name, version FROM workflows WHERE id = ? AND deleted_at IS NULL").get(id) as WorkflowHead | undefined) ?? null;
}

/**
 * The stored graph text of a workflow version: its snapshot (immutable), or for a version
 * saved before snapshots existed the workflow's own row while it is still at that version
 * (saving a new version snapshots the old one). Both are read in one transaction, so a
 * concurrent save cannot slip between them. Null when neither holds it.
 */
export function versionGraphText(conn: Database.Database, workflowId: string, version: number): string | null {
  return conn.transaction(() => {
    const snapshot = stmt(conn, "SELECT graph FROM workflow_versions WHERE workflow_id = ? AND version = ?").get(workflowId, version) as { graph: string } | undefined;
    return snapshot ? snapshot.graph : liveGraphText(conn, workflowId, version);
  })();
}

/** The workflow row's graph text while it is at `version`, else null. */
function liveGraphText(conn: Database.Database, workflowId: string, version: number): string | null {
  const live = stmt(conn, "SELECT graph FROM workflows WHERE id = ? AND version = ?").get(workflowId, version) as { graph: string } | undefined;
  return live?.graph ?? null;
}


/**
 * Inserts a pending run inside the caller's transaction. The version snapshot is written
 * when missing (versions saved before snapshots existed), from the workflow's row, since a
 * run always executes a stored version; a workflow no longer at that version throws. It is
 * looked up first: binding the graph text to an `INSERT OR IGNORE` that almost always finds
 * the row cost ~110 µs per trigger for a 340 kB graph, the lookup 1 µs.
 */
export function insertRun(tx: Database.Database, run: NewRunRow): void {
  const stored = stmt(tx, "SELECT 1 FROM workflow_versions WHERE workflow_id = ? AND version = ?").get(run.workflowId, run.workflowVersion);
  if (!stored) {
    const graph = liveGraphText(tx, run.workflowId, run.workflowVersion);
    if (graph === null) throw new Error(`workflow ${run.workflowId} has no version ${run.workflowVersion} to run`);
    stmt(tx, "INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)").run(
      newId(), run.workflowId, run.workflowVersion, graph, sqlTime(run.createdAt), run.createdBy.id,
    );
  }
  stmt(
    tx,
    `INSERT INTO runs (id, workflow_id, workflow_version, status, input, options, created_by, created_by_type, created_by_name, created_by_owner, created_at, lease_owner, lease_expires_at, num)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ${NEXT_RUN_NUM})`,
  ).run(
    run.id, run.workflowId, run.workflowVersion, JSON.stringify(run.input), JSON.stringify(run.options),
    run.createdBy.id, run.createdBy.type, run.createdBy.name, run.createdBy.owner_id ?? null,
    sqlTime(run.createdAt), run.leaseOwner, run.leaseExpiresAt === null ? null : sqlTime(run.leaseExpiresAt),
  );
}

type JoinedRow = RunRow & { workflow_name: string };

const toJoined = (row: JoinedRow): RunWithWorkflow => ({ run: runFromRow(row), workflow_name: row.workflow_name, created_key: row.created_at });

/** One run with its workflow's name, or null. */
export function findRunWithWorkflow(id: string, conn: Database.Database = db().sqlite): RunWithWorkflow | null {
  const row = stmt(conn, "SELECT r.*, w.name AS workflow_name FROM runs r JOIN workflows w ON w.id = r.workflow_id WHERE r.id = ?").get(id) as JoinedRow | undefined;
  return row ? toJoined(row) : null;
}

/**
 * Runs newest first (all workflows, or one), optionally by status. The statement names only
 * the filters given, so SQLite walks the index that serves them — `(workflow_id,
 * created_at)`, `(status, created_at)` or `created_at` — and stops after `limit` rows
 * instead of filtering every run.
 */
export function listRunRows(filter: RunListFilter, conn: Database.Database = db().sqlite): RunWithWorkflow[] {
  const where = [
    ...(filter.workflowId === undefined ? [] : ["r.workflow_id = @workflow_id"]),
    ...(filter.status === undefined ? [] : ["r.status = @status"]),
    ...(filter.triggeredBy === undefined ? [] : ["r.created_by = @created_by"]),
    ...(filter.after === undefined ? [] : ["(r.created_at < @after_created OR (r.created_at = @after_created AND r.id < @after_id))"]),
  ];
  const rows = stmt(
    conn,
    `SELECT r.*, w.name AS workflow_name FROM runs r JOIN workflows w ON w.id = r.workflow_id
       ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY r.created_at DESC, r.id DESC LIMIT @limit`,
  ).all({
    ...(filter.workflowId === undefined ? {} : { workflow_id: filter.workflowId }),
    ...(filter.status === undefined ? {} : { status: filter.status }),
    ...(filter.triggeredBy === undefined ? {} : { created_by: filter.triggeredBy }),
    ...(filter.after === undefined ? {} : { after_created: filter.after.created_at, after_id: filter.after.id }),
    limit: filter.limit,
  }) as JoinedRow[];
  return rows.map(toJoined);
}

/** Runs waiting at a gate, oldest waiting first. */
export function listApprovalRows({ after, limit }: { after?: RunListPosition; limit: number }, conn: Database.Database = db().sqlite): ApprovalRow[] {
  const rows = conn
    .prepare(
      `SELECT r.*, w.name AS workflow_name,
              (SELECT MAX(s.started_at) FROM steps s WHERE ${inRun("r.num", "s.")} AND s.status = 'waiting') AS waiting_since
       FROM runs r JOIN workflows w ON w.id = r.workflow_id
       WHERE r.status = 'paused' AND r.pending_gate IS NOT NULL
         AND (@after_created IS NULL OR r.created_at > @after_created OR (r.created_at = @after_created AND r.id > @after_id))
       ORDER BY r.created_at ASC, r.id ASC LIMIT @limit`,
    )
    .all({ after_created: after?.created_at ?? null, after_id: after?.id ?? null, limit }) as (JoinedRow & { waiting_since: string | null })[];
  return rows.map((row) => ({ ...toJoined(row), waiting_since: row.waiting_since === null ? null : Date.parse(row.waiting_since) }));
}

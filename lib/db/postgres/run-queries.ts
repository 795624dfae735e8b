/** Reads of runs for the API on PostgreSQL (lib/db/run-queries.ts on SQLite): lists, one run, approvals. */
import type { ApprovalRow, RunListFilter, RunListPosition, RunWithWorkflow } from "../ports";
import { runFromRow, type RunRow } from "../run-rows";
import { Params, type Sql } from "./sql";
import { positionTime, storedKey, storedKeyOrNull } from "./times";

type StoredRun = Omit<RunRow, "created_at" | "started_at" | "finished_at"> & { created_at: Date; started_at: Date | null; finished_at: Date | null; workflow_name: string };

/** A stored run in the row form ../run-rows.ts reads (timestamps as SQLite's text). */
function toJoined(row: StoredRun): RunWithWorkflow {
  const created = storedKey(row.created_at);
  const run = runFromRow({ ...row, created_at: created, started_at: storedKeyOrNull(row.started_at), finished_at: storedKeyOrNull(row.finished_at) });
  return { run, workflow_name: row.workflow_name, created_key: created };
}

/**
 * The columns a run record reads, named: a prepared `r.*` would fail once per connection
 * after a migration adds a column ("cached plan must not change result type").
 */
const RUN_COLUMNS = [
  "id", "workflow_id", "workflow_version", "status", "input", "options", "output", "cost_micros", "tokens_in", "tokens_out", "node_executions", "duration_ms",
  "error_message", "pending_gate", "created_at", "started_at", "finished_at", "created_by", "created_by_type", "created_by_name", "created_by_owner",
]
  .map((c) => `r.${c}`)
  .join(", ");

const SELECT = `SELECT ${RUN_COLUMNS}, w.name AS workflow_name FROM runs r JOIN workflows w ON w.id = r.workflow_id`;

/** One run with its workflow's name: `$1` the run's id (also read in the run store's pipelined read-back). */
export const RUN_WITH_WORKFLOW = `${SELECT} WHERE r.id = $1`;

/** A row of {@link RUN_WITH_WORKFLOW}, or null when it found none. */
export const runWithWorkflowOf = (row: unknown): RunWithWorkflow | null => (row ? toJoined(row as StoredRun) : null);

export async function findRunWithWorkflow(sql: Sql, id: string): Promise<RunWithWorkflow | null> {
  return runWithWorkflowOf(await sql.first<StoredRun>(RUN_WITH_WORKFLOW, [id]));
}

/** Runs newest first (ties by id, byte-wise as on SQLite); the statement names only the filters given. */
export async function listRunRows(sql: Sql, filter: RunListFilter): Promise<RunWithWorkflow[]> {
  const p = new Params();
  const where = [
    ...(filter.workflowId === undefined ? [] : [`r.workflow_id = ${p.add(filter.workflowId)}`]),
    ...(filter.status === undefined ? [] : [`r.status = ${p.add(filter.status)}`]),
    ...(filter.triggeredBy === undefined ? [] : [`r.created_by = ${p.add(filter.triggeredBy)}`]),
  ];
  if (filter.after !== undefined) {
    const at = positionTime(filter.after.created_at);
    if (at === null) return [];
    const t = p.add(at);
    where.push(`(r.created_at < ${t} OR (r.created_at = ${t} AND r.id COLLATE "C" < ${p.add(filter.after.id)}))`);
  }
  const rows = await sql.rows<StoredRun>(
    `${SELECT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY r.created_at DESC, r.id COLLATE "C" DESC LIMIT ${p.add(filter.limit)}`,
    p.values,
  );
  return rows.map(toJoined);
}

/** Runs waiting at a gate, oldest first, with when their waiting gate step started. */
export async function listApprovalRows(sql: Sql, { after, limit }: { after?: RunListPosition; limit: number }): Promise<ApprovalRow[]> {
  const p = new Params();
  const where = ["r.status = 'paused'", "r.pending_gate IS NOT NULL"];
  if (after !== undefined) {
    const at = positionTime(after.created_at);
    if (at === null) return [];
    const t = p.add(at);
    where.push(`(r.created_at > ${t} OR (r.created_at = ${t} AND r.id COLLATE "C" > ${p.add(after.id)}))`);
  }
  const rows = await sql.rows<StoredRun & { waiting_since: Date | null }>(
    `SELECT ${RUN_COLUMNS}, w.name AS workflow_name,
            (SELECT MAX(s.started_at) FROM steps s WHERE s.run_num = r.num AND s.status = 'waiting') AS waiting_since
     FROM runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE ${where.join(" AND ")}
     ORDER BY r.created_at ASC, r.id COLLATE "C" ASC LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map(({ waiting_since, ...row }) => ({ ...toJoined(row), waiting_since: waiting_since === null ? null : waiting_since.getTime() }));
}

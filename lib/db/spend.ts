import "server-only";
/**
 * Spend aggregates for the dashboard, straight from the run and step rows (money as
 * integer micro-USD). A run's `cost_micros` is the sum of its steps', so per-workflow
 * figures read runs and per-model / per-node figures read steps.
 */
import type Database from "better-sqlite3";
import { db } from "./client";
import { sqlTime } from "./run-rows";
import { inRun } from "./run-statements";

export interface SpendRow {
  key: string;
  label: string;
  workflow_id: string | null;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
  runs: number;
}

export interface SpendFilter {
  /** Epoch ms; runs created before it are left out. Null: all time. */
  since: number | null;
}

const SINCE = "(? IS NULL OR r.created_at >= ?)";
const since = (f: SpendFilter) => {
  const t = f.since === null ? null : sqlTime(f.since);
  return [t, t];
};

/** Spend per workflow, per model, per node (of a workflow) and per UTC day. */
export function spendAggregates(filter: SpendFilter, conn: Database.Database = db().sqlite) {
  const byWorkflow = conn
    .prepare(
      `SELECT r.workflow_id AS key, COALESCE(w.name, r.workflow_id) AS label, r.workflow_id AS workflow_id,
              SUM(r.cost_micros) AS cost_micros, SUM(r.tokens_in) AS tokens_in, SUM(r.tokens_out) AS tokens_out,
              SUM(r.node_executions) AS steps, COUNT(*) AS runs
       FROM runs r LEFT JOIN workflows w ON w.id = r.workflow_id
       WHERE ${SINCE} GROUP BY r.workflow_id ORDER BY cost_micros DESC, label`,
    )
    .all(...since(filter)) as SpendRow[];
  const byModel = conn
    .prepare(
      `SELECT s.model AS key, s.model AS label, NULL AS workflow_id,
              SUM(s.cost_micros) AS cost_micros, SUM(s.tokens_in) AS tokens_in, SUM(s.tokens_out) AS tokens_out,
              COUNT(*) AS steps, COUNT(DISTINCT s.run_id) AS runs
       FROM runs r JOIN steps s ON ${inRun("r.num", "s.")}
       WHERE s.model IS NOT NULL AND ${SINCE} GROUP BY s.model ORDER BY cost_micros DESC, label`,
    )
    .all(...since(filter)) as SpendRow[];
  const byNode = conn
    .prepare(
      `SELECT r.workflow_id || ':' || s.node_id AS key, COALESCE(w.name, r.workflow_id) || ' · ' || s.node_id AS label, r.workflow_id AS workflow_id,
              SUM(s.cost_micros) AS cost_micros, SUM(s.tokens_in) AS tokens_in, SUM(s.tokens_out) AS tokens_out,
              COUNT(*) AS steps, COUNT(DISTINCT s.run_id) AS runs
       FROM runs r JOIN steps s ON ${inRun("r.num", "s.")} LEFT JOIN workflows w ON w.id = r.workflow_id
       WHERE s.model IS NOT NULL AND ${SINCE} GROUP BY r.workflow_id, s.node_id ORDER BY cost_micros DESC, label LIMIT 200`,
    )
    .all(...since(filter)) as SpendRow[];
  const byDay = conn
    .prepare(`SELECT substr(r.created_at, 1, 10) AS day, SUM(r.cost_micros) AS cost_micros FROM runs r WHERE ${SINCE} GROUP BY day ORDER BY day`)
    .all(...since(filter)) as { day: string; cost_micros: number }[];
  return { byWorkflow, byModel, byNode, byDay };
}

export interface SpendRunRow {
  run_id: string;
  workflow_id: string;
  workflow_name: string;
  status: string;
  created_at: string;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
}

/** The runs behind one figure: what each spent on that workflow, model or node, most expensive first. */
export function spendRuns(
  filter: SpendFilter & { workflowId?: string; model?: string; nodeId?: string },
  conn: Database.Database = db().sqlite,
): SpendRunRow[] {
  const where = [SINCE];
  const args: unknown[] = since(filter);
  const add = (sql: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(sql);
    args.push(value);
  };
  add("r.workflow_id = ?", filter.workflowId);
  add("s.model = ?", filter.model);
  add("s.node_id = ?", filter.nodeId);
  return conn
    .prepare(
      `SELECT r.id AS run_id, r.workflow_id, COALESCE(w.name, r.workflow_id) AS workflow_name, r.status, r.created_at,
              COALESCE(SUM(s.cost_micros), 0) AS cost_micros, COALESCE(SUM(s.tokens_in), 0) AS tokens_in, COALESCE(SUM(s.tokens_out), 0) AS tokens_out, COUNT(s.id) AS steps
       FROM runs r LEFT JOIN workflows w ON w.id = r.workflow_id LEFT JOIN steps s ON ${inRun("r.num", "s.")}
       WHERE ${where.join(" AND ")} GROUP BY r.id ORDER BY cost_micros DESC, r.created_at DESC LIMIT 200`,
    )
    .all(...args) as SpendRunRow[];
}

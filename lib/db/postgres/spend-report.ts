/**
 * Spend reports on PostgreSQL (lib/db/spend.ts's spendAggregates and spendRuns on SQLite):
 * the rollup rows of the period plus the runs not folded yet, read live. The figures come
 * from ONE statement, so from one snapshot even at READ COMMITTED: a fold committing
 * meanwhile cannot count a run twice or not at all.
 */
import type { SpendFilter, SpendReport, SpendRunRow } from "../ports";
import { groupSpend } from "../spend-groups";
import { DIMS, firstWholeDay, sinceHour, spendRows, type Dim } from "./spend-sql";
import { jsonOf } from "./json";
import { Params, type Sql } from "./sql";
import { storedKey } from "./times";

interface Part {
  /** 'r': the rollup's rows of the period; 'l': unfolded runs read live (with their hour); 'd': a day's cost from the rollup. */
  src: "r" | "l" | "d";
  hour: string | null;
  dim: Dim;
  workflow_id: string;
  key: string;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
  runs: number;
}

function reportSql(since: number | null, p: Params): string {
  const hour = p.add(sinceHour(since));
  const day = p.add(firstWholeDay(sinceHour(since)));
  const live = `r.spend_folded = 0${since === null ? "" : ` AND r.created_at >= ${p.add(new Date(since))}`}`;
  const figures = "cost_micros, tokens_in, tokens_out, steps, runs";
  // Days whose first hour is in the period are wholly in it (as on SQLite).
  return `SELECT 'r' AS src, NULL::text AS hour, dim, workflow_id, key, SUM(cost_micros) AS cost_micros, SUM(tokens_in) AS tokens_in, SUM(tokens_out) AS tokens_out,
      SUM(steps) AS steps, SUM(runs) AS runs
    FROM (SELECT dim, workflow_id, key, ${figures} FROM spend_rollup WHERE hour >= ${hour}
          UNION ALL SELECT dim, workflow_id, key, ${figures} FROM spend_rollup_daily WHERE day >= ${day}) x
    GROUP BY dim, workflow_id, key
  ${DIMS.map((dim) => `UNION ALL SELECT 'l', hour, dim, workflow_id, key, ${figures} FROM (${spendRows(dim, "runs r", live)}) l_${dim}`).join("\n")}
  UNION ALL SELECT 'd', substr(hour, 1, 10), 'w', '', '', SUM(cost_micros), 0, 0, 0, 0 FROM spend_rollup WHERE dim = 'w' AND hour >= ${hour} GROUP BY 2
  UNION ALL SELECT 'd', day, 'w', '', '', cost_micros, 0, 0, 0, 0 FROM spend_rollup_daily WHERE dim = 'w' AND day >= ${day}`;
}

/** The labels people gave the nodes of those workflows' live graphs (a node's spend row reads by it). */
const NODE_LABELS = `SELECT w.id AS workflow_id, n ->> 'id' AS node_id, trim(n -> 'config' ->> 'label') AS label
  FROM workflows w, json_array_elements(CASE WHEN json_typeof(${jsonOf("w.graph")} -> 'nodes') = 'array' THEN ${jsonOf("w.graph")} -> 'nodes' ELSE '[]'::json END) n
  WHERE w.id = ANY($1) AND json_typeof(n) = 'object' AND trim(coalesce(n -> 'config' ->> 'label', '')) <> ''`;


/** Spend per workflow, per model, per node (of a workflow, the 200 costliest) and per UTC day. */
export async function spendAggregates(sql: Sql, filter: SpendFilter): Promise<SpendReport> {
  const p = new Params();
  const text = reportSql(filter.since, p);
  const all = await sql.rows<Part>(text, p.values);
  const parts = all.filter((r) => r.src !== "d");
  const days = [
    ...all.filter((r) => r.src === "d").map((r) => ({ day: r.hour!, cost_micros: r.cost_micros })),
    ...parts.filter((r) => r.src === "l" && r.dim === "w").map((r) => ({ day: r.hour!.slice(0, 10), cost_micros: r.cost_micros })),
  ];
  const ids = [...new Set(parts.map((r) => r.workflow_id))];
  const names = new Map(ids.length === 0 ? [] : (await sql.rows<{ id: string; name: string }>("SELECT id, name FROM workflows WHERE id = ANY($1)", [ids])).map((w) => [w.id, w.name]));
  const nodeIds = [...new Set(parts.filter((r) => r.dim === "n").map((r) => r.workflow_id))];
  const labels = new Map(
    nodeIds.length === 0 ? [] : (await sql.rows<{ workflow_id: string; node_id: string; label: string }>(NODE_LABELS, [nodeIds])).map((r) => [`${r.workflow_id}:${r.node_id}`, r.label]),
  );
  return groupSpend(parts, days, names, labels);
}


/**
 * The runs behind one figure, newest first (up to `limit`), with what each spent on it: the
 * runs are chosen first (walking the created_at index, stopping at `limit`), then their
 * steps summed.
 */
export async function spendRuns(sql: Sql, filter: SpendFilter & { workflowId?: string; model?: string; nodeId?: string }, limit = 200): Promise<SpendRunRow[]> {
  const p = new Params();
  const stepFilter = [...(filter.model === undefined ? [] : [`s.model = ${p.add(filter.model)}`]), ...(filter.nodeId === undefined ? [] : [`s.node_id = ${p.add(filter.nodeId)}`])];
  const where = [
    ...(filter.since === null ? [] : [`r.created_at >= ${p.add(new Date(filter.since))}`]),
    ...(filter.workflowId === undefined ? [] : [`r.workflow_id = ${p.add(filter.workflowId)}`]),
    ...(stepFilter.length === 0 ? [] : [`EXISTS (SELECT 1 FROM steps s WHERE s.run_num = r.num AND ${stepFilter.join(" AND ")})`]),
  ];
  const rows = await sql.rows<Omit<SpendRunRow, "created_at"> & { created_at: Date }>(
    `SELECT l.run_id, l.workflow_id, l.workflow_name, l.status, l.created_at,
            COALESCE(t.cost_micros, 0) AS cost_micros, COALESCE(t.tokens_in, 0) AS tokens_in, COALESCE(t.tokens_out, 0) AS tokens_out, t.steps
     FROM (SELECT r.num, r.id AS run_id, r.workflow_id, COALESCE(w.name, r.workflow_id) AS workflow_name, r.status, r.created_at
           FROM runs r LEFT JOIN workflows w ON w.id = r.workflow_id
           ${where.length === 0 ? "" : `WHERE ${where.join(" AND ")}`}
           ORDER BY r.created_at DESC, r.id COLLATE "C" DESC LIMIT ${p.add(limit)}) l
     CROSS JOIN LATERAL (SELECT SUM(s.cost_micros) AS cost_micros, SUM(s.tokens_in) AS tokens_in, SUM(s.tokens_out) AS tokens_out, COUNT(*) AS steps
                         FROM steps s WHERE s.run_num = l.num${stepFilter.map((f) => ` AND ${f}`).join("")}) t
     ORDER BY l.created_at DESC, l.run_id COLLATE "C" DESC`,
    p.values,
  );
  return rows.map((r) => ({ ...r, created_at: storedKey(r.created_at) }));
}

import "server-only";
/**
 * Spend aggregates for the dashboard (money as integer micro-USD). Settled runs are folded
 * into `spend_rollup` (per hour of run creation, workflow and dimension) by
 * {@link foldSpend}, which the engine's thread runs on a timer; the hours of past days are
 * compacted into `spend_rollup_daily` ({@link compactSpend}). A report sums the rollup rows
 * of its period and adds the runs not folded yet, read from their own rows through a
 * partial index. All is read in one transaction, so the figures are exact whatever the
 * folder has reached, and a report costs rows per hour (today and yesterday) and per day
 * (before), not per run.
 * A run's `cost_micros` is the sum of its steps': per-workflow figures come from run rows,
 * per-model and per-node figures from agent steps.
 */
import { performance } from "node:perf_hooks";
import type Database from "better-sqlite3";
import { db } from "./client";
import { sqlTime } from "./timestamps";
import { inRun } from "./run-statements";
import { stmt } from "./statement-cache";
import { groupSpend, type SpendDim } from "./spend-groups";
import type { SpendFilter, SpendReport, SpendRunRow } from "./ports";

export type { SpendRow, SpendFilter, SpendRunRow } from "./ports";

const SINCE = "(? IS NULL OR r.created_at >= ?)";
const since = (f: SpendFilter) => {
  const t = f.since === null ? null : sqlTime(f.since);
  return [t, t];
};
/** The rollup's hour key of a period start ("2026-12-02T09"), '' for all time. */
const sinceHour = (f: SpendFilter) => (f.since === null ? "" : sqlTime(f.since).slice(0, 13));

const DAY_MS = 86_400_000;

/** The first day wholly at or after an hour key ('' for all time). */
const firstWholeDay = (hour: string) => {
  if (hour === "" || hour.endsWith("T00")) return hour.slice(0, 10);
  return sqlTime(Date.parse(`${hour.slice(0, 10)}T00:00:00Z`) + DAY_MS).slice(0, 10);
};

/** Runs whose spend is final: folded once, unfolded again only if resumed (the migration's trigger). */
const SETTLED = "('completed', 'failed')";

const ADD = `ON CONFLICT DO UPDATE SET cost_micros = cost_micros + excluded.cost_micros, tokens_in = tokens_in + excluded.tokens_in,
  tokens_out = tokens_out + excluded.tokens_out, steps = steps + excluded.steps, runs = runs + excluded.runs`;
const BATCH = "SELECT value FROM json_each(?)";
const BATCH_PARAM = "SELECT value FROM json_each(@nums)";

type Dim = SpendDim;
const DIMS: readonly Dim[] = ["w", "m", "n"];
const ROLLUP_COLUMNS = "hour, workflow_id, dim, key, cost_micros, tokens_in, tokens_out, steps, runs";

/**
 * The spend of the runs `from`/`where` select, per hour of creation and workflow, as rollup
 * rows of one dimension: their totals ('w'), or their agent steps per model ('m') or per
 * node ('n'). The folder inserts these rows; a report reads them live for unfolded runs.
 */
function spendRows(dim: Dim, from: string, where: string): string {
  const hour = "substr(r.created_at, 1, 13) AS hour, r.workflow_id";
  if (dim === "w") {
    return `SELECT ${hour}, 'w' AS dim, '' AS key, SUM(r.cost_micros) AS cost_micros, SUM(r.tokens_in) AS tokens_in, SUM(r.tokens_out) AS tokens_out,
      SUM(r.node_executions) AS steps, COUNT(*) AS runs
    FROM ${from} WHERE ${where} GROUP BY 1, r.workflow_id`;
  }
  const key = dim === "m" ? "s.model" : "s.node_id";
  return `SELECT ${hour}, '${dim}' AS dim, ${key} AS key, SUM(s.cost_micros) AS cost_micros, SUM(s.tokens_in) AS tokens_in, SUM(s.tokens_out) AS tokens_out,
      COUNT(*) AS steps, COUNT(DISTINCT s.run_num) AS runs
    FROM ${from} JOIN steps s ON ${inRun("r.num", "s.")} WHERE ${where} AND s.model IS NOT NULL GROUP BY 1, r.workflow_id, ${key}`;
}

const FOLD_SQL = {
  pick: `SELECT num FROM runs INDEXED BY runs_spend_unfolded_idx WHERE spend_folded = 0 AND status IN ${SETTLED} ORDER BY num LIMIT ?`,
  add: DIMS.map((dim) => `INSERT INTO spend_rollup (${ROLLUP_COLUMNS}) ${spendRows(dim, "runs r", `r.num IN (${BATCH})`)} ${ADD}`),
  mark: `UPDATE runs SET spend_folded = 1 WHERE num IN (${BATCH})`,
};

/**
 * Folds up to `limit` settled runs into the rollup, oldest first, in one transaction;
 * returns how many. Run it on the connection that writes runs (the engine's).
 */
export function foldSpend(conn: Database.Database, limit = 500): number {
  const st = (sql: string) => stmt(conn, sql);
  return conn.transaction(() => {
    const nums = st(FOLD_SQL.pick).pluck().all(limit) as number[];
    if (nums.length === 0) return 0;
    const batch = JSON.stringify(nums);
    for (const sql of FOLD_SQL.add) st(sql).run(batch);
    st(FOLD_SQL.mark).run(batch);
    return nums.length;
    // IMMEDIATE: a transaction that reads first cannot wait for the write lock when it
    // upgrades (SQLite fails it with SQLITE_BUSY at once); taken up front, it queues.
  }).immediate();
}

/** The hour key ("2026-12-02T09") hourly rows are kept from: the start of yesterday (UTC). */
export function compactionBoundary(now = Date.now()): string {
  return sqlTime(Math.floor(now / DAY_MS) * DAY_MS - DAY_MS).slice(0, 13);
}

const COMPACT_SQL = {
  days: `INSERT INTO spend_rollup_daily (day, ${ROLLUP_COLUMNS.slice("hour, ".length)})
    SELECT substr(hour, 1, 10) AS d, workflow_id, dim, key, SUM(cost_micros), SUM(tokens_in), SUM(tokens_out), SUM(steps), SUM(runs)
    FROM spend_rollup WHERE hour < ? GROUP BY d, workflow_id, dim, key ${ADD}`,
  drop: "DELETE FROM spend_rollup WHERE hour < ?",
  oldest: "SELECT hour FROM spend_rollup ORDER BY hour LIMIT 1",
};

/**
 * Moves the hourly rows of the oldest day before `boundary` (an hour key) into that day, in
 * one transaction; returns how many hourly rows it moved (0 once none are left). One day at a
 * time, so catching up on many days never holds the thread for long.
 */
export function compactSpend(conn: Database.Database, boundary = compactionBoundary()): number {
  return conn.transaction(() => {
    const oldest = stmt(conn, COMPACT_SQL.oldest).pluck().get() as string | undefined;
    if (oldest === undefined || oldest >= boundary) return 0;
    const end = firstWholeDay(`${oldest.slice(0, 10)}T01`);
    const until = `${end}T00` < boundary ? `${end}T00` : boundary;
    stmt(conn, COMPACT_SQL.days).run(until);
    return stmt(conn, COMPACT_SQL.drop).run(until).changes;
  }).immediate(); // reads, then writes: see foldSpend
}

/**
 * Keeps the rollup current: every `intervalMs`, folds settled runs a batch at a time,
 * yielding to the event loop between batches (the thread's runs commit in between), until
 * none are left or the interval's budget is spent; the rest waits for the next tick, and
 * reports read it live meanwhile. A batch costs ~33 µs per run, so `budgetMs` keeps up
 * with ~3,000 settled runs a second. While the thread is busy (event-loop utilization over
 * the last interval above `busyAbove`) the budget is `busyBudgetMs`: at peak load the runs
 * come first, and the backlog is folded once the load eases. Returns a stop function.
 */
export function startSpendFolder(
  conn: Database.Database,
  { intervalMs = 1000, budgetMs = 100, busyBudgetMs = 10, busyAbove = 0.7, batch = 200 } = {},
): () => void {
  let stopped = false;
  let folding = false;
  let elu = performance.eventLoopUtilization();
  const pass = (spent: number, budget: number) => {
    if (stopped) return;
    const t0 = performance.now();
    let folded = 0;
    try {
      folded = foldSpend(conn, batch);
    } catch (err) {
      // A busy database or a closed connection: the runs stay unfolded and are read live.
      console.error("spend rollup: fold failed", err);
    }
    const used = spent + performance.now() - t0;
    if (folded === batch && used < budget) setImmediate(pass, used, budget);
    else folding = false;
  };
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, elu).utilization > busyAbove;
    elu = now;
    if (folding) return;
    if (!busy) {
      try {
        compactSpend(conn);
      } catch (err) {
        console.error("spend rollup: compaction failed", err);
      }
    }
    folding = true;
    pass(0, busy ? busyBudgetMs : budgetMs);
  }, intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

interface Part {
  /** Set on rows read live (the unfolded runs' hour); the rollup's rows span the period. */
  hour?: string;
  dim: Dim;
  workflow_id: string;
  key: string;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
  runs: number;
}

/**
 * The runs not folded yet, through their partial index: left to itself, SQLite prefers an
 * index that serves the GROUP BY and scans every run.
 */
const UNFOLDED = "runs r INDEXED BY runs_spend_unfolded_idx";

const REPORT_SQL = {
  // Days whose first hour is in the period are wholly in it (periods of 7 and 30 days start
  // on a day; a 24-hour one starts after the last compacted day).
  rollup: `SELECT dim, workflow_id, key, SUM(cost_micros) AS cost_micros, SUM(tokens_in) AS tokens_in, SUM(tokens_out) AS tokens_out,
      SUM(steps) AS steps, SUM(runs) AS runs
    FROM (SELECT * FROM spend_rollup WHERE hour >= @hour UNION ALL SELECT day || 'T00', workflow_id, dim, key, cost_micros, tokens_in, tokens_out, steps, runs FROM spend_rollup_daily WHERE day >= @day)
    GROUP BY dim, workflow_id, key`,
  live: DIMS.map((dim) => spendRows(dim, UNFOLDED, `r.spend_folded = 0 AND ${SINCE}`)),
  rollupDays: `SELECT substr(hour, 1, 10) AS day, SUM(cost_micros) AS cost_micros FROM spend_rollup WHERE dim = 'w' AND hour >= @hour GROUP BY day
    UNION ALL SELECT day, cost_micros FROM spend_rollup_daily WHERE dim = 'w' AND day >= @day`,
  names: `SELECT id, name FROM workflows WHERE id IN (${BATCH})`,
  /** The labels people gave the nodes of those workflows' live graphs (a node's spend row reads by it). */
  nodeLabels: `SELECT w.id AS workflow_id, json_extract(n.value, '$.id') AS node_id, trim(json_extract(n.value, '$.config.label')) AS label
    FROM workflows w, json_each(w.graph, '$.nodes') n
    WHERE w.id IN (${BATCH}) AND trim(coalesce(json_extract(n.value, '$.config.label'), '')) != ''`,
};

/** Spend per workflow, per model, per node (of a workflow, the 200 costliest) and per UTC day. */
export function spendAggregates(filter: SpendFilter, conn: Database.Database = db().sqlite): SpendReport {
  const st = (sql: string) => stmt(conn, sql);
  const read = conn.transaction(() => {
    const hour = sinceHour(filter);
    const live = REPORT_SQL.live.flatMap((sql) => st(sql).all(...since(filter)) as Part[]);
    const parts = [...(st(REPORT_SQL.rollup).all({ hour, day: firstWholeDay(hour) }) as Part[]), ...live];
    const days = [
      ...(st(REPORT_SQL.rollupDays).all({ hour, day: firstWholeDay(hour) }) as DayRow[]),
      ...live.filter((p) => p.dim === "w").map((p) => ({ day: p.hour!.slice(0, 10), cost_micros: p.cost_micros })),
    ];
    const ids = [...new Set(parts.map((p) => p.workflow_id))];
    const names = new Map((st(REPORT_SQL.names).all(JSON.stringify(ids)) as { id: string; name: string }[]).map((w) => [w.id, w.name]));
    const nodeIds = parts.some((p) => p.dim === "n") ? [...new Set(parts.filter((p) => p.dim === "n").map((p) => p.workflow_id))] : [];
    const labels = new Map(
      nodeIds.length === 0 ? [] : (st(REPORT_SQL.nodeLabels).all(JSON.stringify(nodeIds)) as { workflow_id: string; node_id: string; label: string }[]).map((r) => [`${r.workflow_id}:${r.node_id}`, r.label]),
    );
    return { parts, days, names, labels };
  });
  const { parts, days, names, labels } = read();
  return groupSpend(parts, days, names, labels);
}

interface DayRow {
  day: string;
  cost_micros: number;
}

/**
 * The runs behind one figure, newest first (up to `limit`), with what each spent on that
 * workflow, model or node. Runs are walked newest first through an index and the walk stops
 * at `limit` matches, so the answer costs the same however many runs are stored.
 */
export function spendRuns(
  filter: SpendFilter & { workflowId?: string; model?: string; nodeId?: string },
  conn: Database.Database = db().sqlite,
  limit = 200,
): SpendRunRow[] {
  const stepFilter = [...(filter.model === undefined ? [] : ["s.model = @model"]), ...(filter.nodeId === undefined ? [] : ["s.node_id = @node_id"])];
  const where = [
    ...(filter.since === null ? [] : ["r.created_at >= @since"]),
    ...(filter.workflowId === undefined ? [] : ["r.workflow_id = @workflow_id"]),
    ...(stepFilter.length === 0 ? [] : [`EXISTS (SELECT 1 FROM steps s WHERE ${inRun("r.num", "s.")} AND ${stepFilter.join(" AND ")})`]),
  ];
  const stepParams = { ...(filter.model === undefined ? {} : { model: filter.model }), ...(filter.nodeId === undefined ? {} : { node_id: filter.nodeId }) };
  const runs = stmt(
    conn,
    `SELECT r.num, r.id AS run_id, r.workflow_id, COALESCE(w.name, r.workflow_id) AS workflow_name, r.status, r.created_at
     FROM runs r LEFT JOIN workflows w ON w.id = r.workflow_id
     ${where.length === 0 ? "" : `WHERE ${where.join(" AND ")}`} ORDER BY r.created_at DESC, r.id DESC LIMIT @limit`,
  ).all({
    ...(filter.since === null ? {} : { since: sqlTime(filter.since) }),
    ...(filter.workflowId === undefined ? {} : { workflow_id: filter.workflowId }),
    ...stepParams,
    limit,
  }) as (Omit<SpendRunRow, "cost_micros" | "tokens_in" | "tokens_out" | "steps"> & { num: number })[];
  if (runs.length === 0) return [];
  const totals = stmt(
    conn,
    `SELECT s.run_num AS num, SUM(s.cost_micros) AS cost_micros, SUM(s.tokens_in) AS tokens_in, SUM(s.tokens_out) AS tokens_out, COUNT(*) AS steps
     FROM steps s WHERE s.run_num IN (${BATCH_PARAM})${stepFilter.map((f) => ` AND ${f}`).join("")} GROUP BY s.run_num`,
  ).all({ nums: JSON.stringify(runs.map((r) => r.num)), ...stepParams }) as { num: number; cost_micros: number; tokens_in: number; tokens_out: number; steps: number }[];
  const byRun = new Map(totals.map((t) => [t.num, t]));
  return runs.map(({ num, ...run }) => {
    const t = byRun.get(num);
    return { ...run, cost_micros: t?.cost_micros ?? 0, tokens_in: t?.tokens_in ?? 0, tokens_out: t?.tokens_out ?? 0, steps: t?.steps ?? 0 };
  });
}

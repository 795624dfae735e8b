/**
 * The spend rollup's SQL on PostgreSQL, shared by the folder and the report (lib/db/spend.ts
 * on SQLite). Money is integer micro-USD; hours are keyed "2026-12-02T09" in UTC, as the
 * SQLite folder's substr(created_at, 1, 13) and the runs_spend_unfold trigger key them.
 */
import { sqlTime } from "../timestamps";

export type Dim = "w" | "m" | "n";
export const DIMS: readonly Dim[] = ["w", "m", "n"];

/** A run's hour key, whatever the session's time zone. */
export const RUN_HOUR = `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`;

export const ROLLUP_COLUMNS = "hour, workflow_id, dim, key, cost_micros, tokens_in, tokens_out, steps, runs";

/** Upsert into a rollup table aliased `x` whose key is `key`: a row that exists adds the new figures. */
export const addOn = (key: string) => `ON CONFLICT (${key}) DO UPDATE SET cost_micros = x.cost_micros + excluded.cost_micros,
  tokens_in = x.tokens_in + excluded.tokens_in, tokens_out = x.tokens_out + excluded.tokens_out, steps = x.steps + excluded.steps, runs = x.runs + excluded.runs`;

/**
 * The spend of the runs `from`/`where` select, per hour of creation and workflow, as rollup
 * rows of one dimension: their totals ('w'), or their agent steps per model ('m') or per
 * node ('n'). The folder inserts these rows; a report reads them live for unfolded runs.
 */
export function spendRows(dim: Dim, from: string, where: string): string {
  if (dim === "w") {
    return `SELECT ${RUN_HOUR} AS hour, r.workflow_id, 'w'::text AS dim, ''::text AS key, SUM(r.cost_micros) AS cost_micros, SUM(r.tokens_in) AS tokens_in,
      SUM(r.tokens_out) AS tokens_out, SUM(r.node_executions) AS steps, COUNT(*) AS runs
    FROM ${from} WHERE ${where} GROUP BY 1, r.workflow_id`;
  }
  const key = dim === "m" ? "s.model" : "s.node_id";
  return `SELECT ${RUN_HOUR} AS hour, r.workflow_id, '${dim}'::text AS dim, ${key} AS key, SUM(s.cost_micros) AS cost_micros, SUM(s.tokens_in) AS tokens_in,
      SUM(s.tokens_out) AS tokens_out, COUNT(*) AS steps, COUNT(DISTINCT s.run_num) AS runs
    FROM ${from} JOIN steps s ON s.run_num = r.num WHERE ${where} AND s.model IS NOT NULL GROUP BY 1, r.workflow_id, ${key}`;
}

const DAY_MS = 86_400_000;

/** The rollup's hour key of a period start, '' for all time. */
export const sinceHour = (since: number | null) => (since === null ? "" : sqlTime(since).slice(0, 13));

/** The first day wholly at or after an hour key ('' for all time). */
export function firstWholeDay(hour: string): string {
  if (hour === "" || hour.endsWith("T00")) return hour.slice(0, 10);
  return sqlTime(Date.parse(`${hour.slice(0, 10)}T00:00:00Z`) + DAY_MS).slice(0, 10);
}

/** The hour key hourly rows are kept from: the start of yesterday (UTC). */
export function compactionBoundary(now = Date.now()): string {
  return sqlTime(Math.floor(now / DAY_MS) * DAY_MS - DAY_MS).slice(0, 13);
}

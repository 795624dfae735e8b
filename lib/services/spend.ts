import "server-only";
/** The spend dashboard (SPEC §7): totals per workflow, model and node over a period. */
import { z } from "zod";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";
import { microsToUsd } from "@/engine/models/cost";
import { storage, type SpendRow } from "@/lib/db";
import { toIsoTimestamp, isoTime } from "@/lib/db/timestamps";
import { configuredRetentionDays } from "@/lib/db/retention-days";
import { SPEND_PERIOD_NAMES, type SpendGroupAnswer, type SpendReportAnswer, type SpendRunListAnswer } from "./spend-answers";

export const SPEND_PERIODS = { "24h": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000, all: null } as const satisfies Record<(typeof SPEND_PERIOD_NAMES)[number], number | null>;
export type SpendPeriod = keyof typeof SPEND_PERIODS;

export const spendQuery = z.object({
  period: z.enum(SPEND_PERIOD_NAMES).default("30d"),
  workflow_id: z.string().min(1).max(64).refine(withoutNul, NUL_RULE).optional(),
  model: z.string().min(1).max(200).refine(withoutNul, NUL_RULE).optional(),
  node_id: z.string().min(1).max(200).refine(withoutNul, NUL_RULE).optional(),
});

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Epoch ms a period starts at (null for all time), on the grain spend is kept at: the start
 * of the hour 24 h ago, or of the day (UTC) 7 or 30 days ago — spend before yesterday is
 * kept per day. The report's `since` says exactly where it starts.
 */
export function periodStart(period: SpendPeriod, now = Date.now()): number | null {
  const span = SPEND_PERIODS[period];
  if (span === null) return null;
  const grain = span > DAY_MS ? DAY_MS : HOUR_MS;
  return Math.floor((now - span) / grain) * grain;
}

const group = (r: SpendRow): SpendGroupAnswer => ({
  key: r.key,
  label: r.label,
  ...(r.workflow_id ? { workflow_id: r.workflow_id } : {}),
  cost_usd: microsToUsd(r.cost_micros),
  tokens_in: r.tokens_in,
  tokens_out: r.tokens_out,
  steps: r.steps,
  runs: r.runs,
});

/** Spend per workflow, model, node and day for a period. */
export async function spendReport(period: SpendPeriod, now = Date.now()): Promise<SpendReportAnswer> {
  const since = periodStart(period, now);
  const a = await storage().spend.report({ since });
  const micros = a.byWorkflow.reduce((s, r) => s + r.cost_micros, 0);
  return {
    period,
    since: isoTime(since),
    total: {
      cost_usd: microsToUsd(micros),
      tokens_in: a.byWorkflow.reduce((s, r) => s + r.tokens_in, 0),
      tokens_out: a.byWorkflow.reduce((s, r) => s + r.tokens_out, 0),
      runs: a.byWorkflow.reduce((s, r) => s + r.runs, 0),
    },
    by_workflow: a.byWorkflow.map(group),
    by_model: a.byModel.map(group),
    by_node: a.byNode.map(group),
    by_day: a.byDay.map((d) => ({ day: d.day, cost_usd: microsToUsd(d.cost_micros) })),
  };
}

/**
 * The runs behind one figure of the report, newest first. With run retention on,
 * `retention_days` says how long runs are kept: older ones still count in the report but
 * are no longer listed.
 */
export async function spendRunList(q: z.infer<typeof spendQuery>, now = Date.now()): Promise<SpendRunListAnswer> {
  const rows = await storage().spend.runs({ since: periodStart(q.period, now), workflowId: q.workflow_id, model: q.model, nodeId: q.node_id });
  return {
    items: rows.map((r) => ({
      run_id: r.run_id,
      workflow_id: r.workflow_id,
      workflow_name: r.workflow_name,
      status: r.status,
      created_at: toIsoTimestamp(r.created_at),
      cost_usd: microsToUsd(r.cost_micros),
      tokens_in: r.tokens_in,
      tokens_out: r.tokens_out,
      steps: r.steps,
    })),
    retention_days: configuredRetentionDays(),
  };
}

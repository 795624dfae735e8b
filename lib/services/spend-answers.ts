/**
 * What the spend routes answer, as zod schemas (as ./run-answers.ts is for runs): the spend
 * service (./spend.ts) is typed by them, the browser's types are their `z.infer`, the
 * OpenAPI responses are generated from them and the integration suite checks real answers.
 * Money is USD (6 decimals).
 */
import { z } from "zod";
import { count, iso, usd } from "./answer-fields";
import { RUN_STATUSES } from "./run-answers";

/** The periods a report covers (./spend.ts says how long each is). */
export const SPEND_PERIOD_NAMES = ["24h", "7d", "30d", "all"] as const;


/** What a figure or a run spent. */
const spent = { cost_usd: usd, tokens_in: count, tokens_out: count, steps: count };

/** One figure of the report: a workflow, a model or a node, and what it cost. */
export const spendGroupSchema = z.strictObject({
  key: z.string().describe("the workflow id, the model, or `<workflow_id>:<node_id>`"),
  label: z.string(),
  workflow_id: z.string().optional().describe("the workflow a node belongs to"),
  ...spent,
  runs: count,
});

/** `GET /api/spend`: spend per workflow, model, node and day over a period. */
export const spendReportSchema = z.strictObject({
  period: z.enum(SPEND_PERIOD_NAMES),
  since: z.string().nullable().describe("where the period starts (ISO 8601); null for all time"),
  total: z.strictObject({ cost_usd: usd, tokens_in: count, tokens_out: count, runs: count }),
  by_workflow: z.array(spendGroupSchema),
  by_model: z.array(spendGroupSchema),
  by_node: z.array(spendGroupSchema),
  by_day: z.array(z.strictObject({ day: z.string().describe("a UTC date, YYYY-MM-DD"), cost_usd: usd })).describe("oldest first"),
});

/** One run behind a figure, with what it spent on that workflow, model or node. */
export const spendRunSchema = z.strictObject({
  run_id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  status: z.enum(RUN_STATUSES),
  created_at: iso,
  ...spent,
});

/** `GET /api/spend/runs`: the runs behind one figure, newest first (not paged: at most 200). */
export const spendRunListSchema = z.strictObject({
  items: z.array(spendRunSchema),
  retention_days: z.number().nullable().describe("how long finished runs are kept (null: all of them); older ones count in the report but are no longer listed"),
});

export type SpendGroupAnswer = z.infer<typeof spendGroupSchema>;
export type SpendReportAnswer = z.infer<typeof spendReportSchema>;
export type SpendRunAnswer = z.infer<typeof spendRunSchema>;
export type SpendRunListAnswer = z.infer<typeof spendRunListSchema>;

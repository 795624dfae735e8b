/** The spend report's figures from the rows a backend read: the same grouping on every backend. */
import type { SpendReport, SpendRow } from "./ports";

/** Which figure a row adds to: per workflow, per model, per node. */
export type SpendDim = "w" | "m" | "n";

/** One row read for the report: a rollup row of the period, or an unfolded run's read live. */
export interface SpendPart {
  dim: SpendDim;
  workflow_id: string;
  key: string;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
  runs: number;
}

const byCostThenLabel = (a: SpendRow, b: SpendRow) => b.cost_micros - a.cost_micros || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

/**
 * Sums the parts into the report's rows (named by `names` — workflow id → name — and node
 * `labels` — `workflow:node` → label), costliest first, the 200 costliest nodes, and the
 * days' costs in day order.
 */
export function groupSpend(parts: readonly SpendPart[], days: readonly { day: string; cost_micros: number }[], names: ReadonlyMap<string, string>, labels: ReadonlyMap<string, string>): SpendReport {
  const name = (workflowId: string) => names.get(workflowId) ?? workflowId;
  const groups = { w: new Map<string, SpendRow>(), m: new Map<string, SpendRow>(), n: new Map<string, SpendRow>() };
  for (const p of parts) {
    const key = p.dim === "w" ? p.workflow_id : p.dim === "m" ? p.key : `${p.workflow_id}:${p.key}`;
    let row = groups[p.dim].get(key);
    if (!row) {
      const label = p.dim === "w" ? name(p.workflow_id) : p.dim === "m" ? p.key : `${name(p.workflow_id)} · ${labels.get(key) ?? p.key}`;
      row = { key, label, workflow_id: p.dim === "m" ? null : p.workflow_id, cost_micros: 0, tokens_in: 0, tokens_out: 0, steps: 0, runs: 0 };
      groups[p.dim].set(key, row);
    }
    row.cost_micros += p.cost_micros;
    row.tokens_in += p.tokens_in;
    row.tokens_out += p.tokens_out;
    row.steps += p.steps;
    row.runs += p.runs;
  }
  // Rows a resumed run left at zero (its contribution subtracted) are no figure of the period.
  const list = (m: Map<string, SpendRow>) => [...m.values()].filter((r) => r.runs > 0).sort(byCostThenLabel);
  const perDay = new Map<string, number>();
  for (const d of days) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.cost_micros);
  return {
    byWorkflow: list(groups.w),
    byModel: list(groups.m),
    byNode: list(groups.n).slice(0, 200),
    byDay: [...perDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, cost_micros]) => ({ day, cost_micros })),
  };
}

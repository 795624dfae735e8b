/** Spend seeds and what a report must say of them, summed in plain JavaScript (the contract's oracle). */
import type { SpendReport, SpendRow } from "../ports";
import { sqlTime } from "../timestamps";
import type { ContractSql } from "./harness";
import { seedRun, seedStep, type RunSeed } from "./seed";

export interface SpendStep {
  node: string;
  model: string | null;
  cost: number;
  tin: number;
  tout: number;
}

export interface SpendRun extends RunSeed {
  steps: SpendStep[];
}

const sum = (steps: SpendStep[], f: (s: SpendStep) => number) => steps.reduce((a, s) => a + f(s), 0);

/** The run rows with their totals, and their steps. */
export async function seedSpendRuns(sql: ContractSql, runs: readonly SpendRun[]): Promise<void> {
  for (const r of runs) {
    await seedRun(sql, { ...r, cost: sum(r.steps, (s) => s.cost), tokensIn: sum(r.steps, (s) => s.tin), tokensOut: sum(r.steps, (s) => s.tout), nodeExecutions: r.steps.length });
    for (const [i, s] of r.steps.entries()) await seedStep(sql, r, { seq: i + 1, nodeId: s.node, model: s.model, cost: s.cost, tokensIn: s.tin, tokensOut: s.tout });
  }
}

/** The report of `runs` created at or after `since`; `names` are the workflows' names, `labels` their nodes' (`wf:node`). */
export function expectedReport(runs: readonly SpendRun[], since: number | null, names: Record<string, string>, labels: Record<string, string> = {}): SpendReport {
  const groups = { w: new Map<string, SpendRow>(), m: new Map<string, SpendRow>(), n: new Map<string, SpendRow>() };
  const runSets = new Map<string, Set<number>>();
  const add = (dim: "w" | "m" | "n", key: string, label: string, workflowId: string | null, num: number, s: { cost: number; tin: number; tout: number; steps: number }) => {
    const row = groups[dim].get(key) ?? { key, label, workflow_id: workflowId, cost_micros: 0, tokens_in: 0, tokens_out: 0, steps: 0, runs: 0 };
    groups[dim].set(key, row);
    row.cost_micros += s.cost;
    row.tokens_in += s.tin;
    row.tokens_out += s.tout;
    row.steps += s.steps;
    const set = runSets.get(`${dim}:${key}`) ?? new Set<number>();
    runSets.set(`${dim}:${key}`, set.add(num));
    row.runs = set.size;
  };
  const days = new Map<string, number>();
  for (const r of runs.filter((r) => since === null || r.createdAt >= since)) {
    const cost = sum(r.steps, (s) => s.cost);
    add("w", r.workflowId, names[r.workflowId], r.workflowId, r.num, { cost, tin: sum(r.steps, (s) => s.tin), tout: sum(r.steps, (s) => s.tout), steps: r.steps.length });
    const day = sqlTime(r.createdAt).slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + cost);
    for (const s of r.steps.filter((s) => s.model !== null)) {
      const one = { cost: s.cost, tin: s.tin, tout: s.tout, steps: 1 };
      add("m", s.model!, s.model!, null, r.num, one);
      const key = `${r.workflowId}:${s.node}`;
      add("n", key, `${names[r.workflowId]} · ${labels[key] ?? s.node}`, r.workflowId, r.num, one);
    }
  }
  const list = (m: Map<string, SpendRow>) => [...m.values()].sort((a, b) => b.cost_micros - a.cost_micros || (a.label < b.label ? -1 : 1));
  return {
    byWorkflow: list(groups.w),
    byModel: list(groups.m),
    byNode: list(groups.n),
    byDay: [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, cost_micros]) => ({ day, cost_micros })),
  };
}

/**
 * Per-run limits (SPEC §3): graph `settings`, overridden by the trigger's `options`,
 * over the engine defaults.
 */
import type { RunSettings } from "../graph/schema";
import type { RunOptions } from "../ports";

export interface RunLimits {
  max_parallel_nodes: number;
  max_node_executions: number;
  max_execution_time_ms: number;
  /** micro-USD, or null when there is no budget. */
  budget_micros: number | null;
  max_tokens: number | null;
}

export const DEFAULT_LIMITS: Readonly<RunLimits> = {
  max_parallel_nodes: 4,
  max_node_executions: 10_000,
  max_execution_time_ms: 3_600_000,
  budget_micros: null,
  max_tokens: null,
};

/** Merge defaults ← graph settings ← trigger options. */
export function resolveLimits(settings: RunSettings | undefined, options: RunOptions | undefined, defaults: RunLimits = DEFAULT_LIMITS): RunLimits {
  const pick = <K extends keyof RunOptions>(key: K) => options?.[key] ?? settings?.[key];
  const budget = pick("budget_usd");
  return {
    max_parallel_nodes: pick("max_parallel_nodes") ?? defaults.max_parallel_nodes,
    max_node_executions: pick("max_node_executions") ?? defaults.max_node_executions,
    max_execution_time_ms: pick("max_execution_time_ms") ?? defaults.max_execution_time_ms,
    budget_micros: budget === undefined ? defaults.budget_micros : Math.round(budget * 1_000_000),
    max_tokens: pick("max_tokens") ?? defaults.max_tokens,
  };
}

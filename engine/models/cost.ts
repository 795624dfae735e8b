/**
 * Cost attribution (SPEC §7): integer micro-USD, so sums never drift.
 */
import type { ModelUsage } from "../ports/world";
import { priceOf } from "./prices";

/**
 * Cost of one call in micro-USD: tokens × USD-per-million-tokens is exactly micro-USD,
 * rounded once per step (= 6 decimals of USD). Cached input is priced at the cached rate.
 */
export function costMicros(model: string, usage: ModelUsage): number {
  const price = priceOf(model);
  if (!price) return 0;
  const cached = Math.min(usage.cached_tokens_in ?? 0, usage.tokens_in);
  const cachedRate = price.cached_input_usd_per_mtok ?? price.input_usd_per_mtok;
  const raw = (usage.tokens_in - cached) * price.input_usd_per_mtok + cached * cachedRate + usage.tokens_out * price.output_usd_per_mtok;
  return Math.round(raw);
}

/** micro-USD → USD number with 6 decimals, for API JSON. */
export function microsToUsd(micros: number): number {
  return Math.round(micros) / 1_000_000;
}

/** USD → micro-USD (budgets). */
export function usdToMicros(usd: number): number {
  return Math.round(usd * 1_000_000);
}

/** "$0.000123" */
export function formatUsd(micros: number): string {
  return `$${microsToUsd(micros).toFixed(6)}`;
}

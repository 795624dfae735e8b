/**
 * Spend breakdown of a set of steps (SPEC §7): totals per model and per node, in
 * micro-USD. Only agent steps carry cost; the others add nothing.
 */
import type { StepRecord } from "../ports";

export interface SpendLine {
  key: string;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
}

export interface SpendBreakdown {
  total_micros: number;
  tokens_in: number;
  tokens_out: number;
  by_model: SpendLine[];
  by_node: SpendLine[];
}

type Costed = Pick<StepRecord, "node_id" | "model" | "cost_micros" | "tokens_in" | "tokens_out">;

function add(lines: Map<string, SpendLine>, key: string, s: Costed): void {
  const line = lines.get(key) ?? { key, cost_micros: 0, tokens_in: 0, tokens_out: 0, steps: 0 };
  line.cost_micros += s.cost_micros;
  line.tokens_in += s.tokens_in;
  line.tokens_out += s.tokens_out;
  line.steps += 1;
  lines.set(key, line);
}

/** Sum steps by model and by node, most expensive first. */
export function costBreakdown(steps: Iterable<Costed>): SpendBreakdown {
  const byModel = new Map<string, SpendLine>();
  const byNode = new Map<string, SpendLine>();
  let total = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  for (const s of steps) {
    if (s.model === null && s.cost_micros === 0 && s.tokens_in === 0 && s.tokens_out === 0) continue;
    total += s.cost_micros;
    tokensIn += s.tokens_in;
    tokensOut += s.tokens_out;
    add(byModel, s.model ?? "(none)", s);
    add(byNode, s.node_id, s);
  }
  const sorted = (m: Map<string, SpendLine>) => [...m.values()].sort((a, b) => b.cost_micros - a.cost_micros || a.key.localeCompare(b.key));
  return { total_micros: total, tokens_in: tokensIn, tokens_out: tokensOut, by_model: sorted(byModel), by_node: sorted(byNode) };
}

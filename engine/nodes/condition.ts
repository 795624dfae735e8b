/** The condition kind: evaluates its expression against public state and picks edges (SPEC §3). */
import { NodeError } from "../errors";
import { evaluateCondition } from "../expression";
import type { NodeKind } from "./types";

export const conditionKind: NodeKind<"condition"> = {
  type: "condition",
  prepare(node, state) {
    const result = evaluate(node.config.expression, state);
    return { run: async () => ({ output: { result }, branch: result }) };
  },
};

/** Evaluate a condition/loop expression; failures are deterministic, so never retried. */
export function evaluate(expression: string, state: Record<string, unknown>): boolean {
  try {
    return evaluateCondition(expression, state);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new NodeError("expression_error", `expression '${expression}' failed: ${message}`, { retryable: false });
  }
}

/** The condition kind: evaluates its expression against public state and picks edges (SPEC §3). */
import { z } from "zod";
import { NodeError } from "../errors";
import { baseConfig, nodeShape } from "../graph/node-shape";
import { evaluateCondition } from "../expression";
import { checkExpression } from "../validate/check-expression";
import { configPath } from "../validate/context";
import { nodeName } from "../validate/names";
import { noOutputKey, type ExecutableKind } from "./types";

export const conditionConfigSchema = z.object({
  ...baseConfig,
  expression: z.string().max(10_000),
});

export const conditionNodeSchema = nodeShape("condition", conditionConfigSchema);
export type ConditionNode = z.infer<typeof conditionNodeSchema>;

export const conditionKind: ExecutableKind<ConditionNode> = {
  type: "condition",
  admission: "execute",
  edges: "branch",
  join: "each",
  outputKey: noOutputKey,
  check(node, at, _ctx, report) {
    checkExpression(node.id, nodeName(node, node.id), node.config.expression, configPath(at, "expression"), report);
  },
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

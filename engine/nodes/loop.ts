/**
 * The loop kind (SPEC §3): each execution increments `__loop_<id>`; it yields true while
 * the counter is ≤ max_iterations and the expression holds, else false. On exit the
 * counter resets, so a loop entered again later (e.g. nested in an outer loop) starts over.
 */
import { z } from "zod";
import { baseConfig, nodeShape } from "../graph/node-shape";
import { loopCounterKey } from "../run/state";
import { checkExpression } from "../validate/check-expression";
import { configPath } from "../validate/context";
import { nodeName } from "../validate/names";
import { evaluate } from "./condition";
import { noOutputKey, type ExecutableKind } from "./types";

/** Hard cap on a loop's `max_iterations` (SPEC §2); above it is a validation error, not a shape error. */
export const LOOP_HARD_CAP = 1000;
export const DEFAULT_LOOP_ITERATIONS = 10;

export const loopConfigSchema = z.object({
  ...baseConfig,
  expression: z.string().max(10_000),
  /** Validation refuses values above LOOP_HARD_CAP; the shape accepts them so the work can be saved. */
  max_iterations: z.number().int().min(1).default(DEFAULT_LOOP_ITERATIONS),
});

export const loopNodeSchema = nodeShape("loop", loopConfigSchema);
export type LoopNode = z.infer<typeof loopNodeSchema>;

export const loopKind: ExecutableKind<LoopNode> = {
  type: "loop",
  admission: "execute",
  edges: "loop",
  join: "each",
  outputKey: noOutputKey,
  check(node, at, _ctx, report) {
    const name = nodeName(node, node.id);
    if (node.config.max_iterations > LOOP_HARD_CAP) {
      report("loop_max_iterations", { node: name, value: node.config.max_iterations, cap: LOOP_HARD_CAP }, { node_id: node.id, path: configPath(at, "max_iterations") });
    }
    checkExpression(node.id, name, node.config.expression, configPath(at, "expression"), report);
  },
  prepare(node, state) {
    const key = loopCounterKey(node.id);
    const previous = state[key];
    const iteration = (typeof previous === "number" ? previous : 0) + 1;
    const max = Math.min(node.config.max_iterations, LOOP_HARD_CAP);
    const result = iteration <= max && evaluate(node.config.expression, state);
    const writes = { [key]: result ? iteration : 0 };
    return { run: async () => ({ output: { result, iteration }, writes, branch: result }) };
  },
};

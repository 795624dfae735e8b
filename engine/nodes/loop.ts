/**
 * The loop kind (SPEC §3): each execution increments `__loop_<id>`; it yields true while
 * the counter is ≤ max_iterations and the expression holds, else false. On exit the
 * counter resets, so a loop entered again later (e.g. nested in an outer loop) starts over.
 */
import { LOOP_HARD_CAP } from "../graph/schema";
import { loopCounterKey } from "../run/state";
import { checkExpression } from "../validate/check-expression";
import { configPath } from "../validate/context";
import { nodeName } from "../validate/names";
import { evaluate } from "./condition";
import { noOutputKey, type ExecutableKind } from "./types";

export const loopKind: ExecutableKind<"loop"> = {
  type: "loop",
  admission: "execute",
  edges: "branch",
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

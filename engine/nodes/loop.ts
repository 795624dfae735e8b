/**
 * The loop kind (SPEC §3): each execution increments `__loop_<id>`; it yields true while
 * the counter is ≤ max_iterations and the expression holds, else false. On exit the
 * counter resets, so a loop entered again later (e.g. nested in an outer loop) starts over.
 */
import { LOOP_HARD_CAP } from "../graph/schema";
import { loopCounterKey } from "../run/state";
import { evaluate } from "./condition";
import type { NodeKind } from "./types";

export const loopKind: NodeKind<"loop"> = {
  type: "loop",
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

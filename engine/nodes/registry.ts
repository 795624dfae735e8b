/**
 * The executable node kinds. Human gates are not here: they park the run instead of
 * executing, which the driver handles.
 */
import type { GraphNode } from "../graph/schema";
import type { State } from "../ports";
import { agentKind } from "./agent";
import { conditionKind } from "./condition";
import { loopKind } from "./loop";
import { mergeKind } from "./merge";
import { toolKind } from "./tool";
import type { Prepared } from "./types";

export type ExecutableNode = Exclude<GraphNode, { type: "human_gate" }>;

/** Prepare an execution of any executable node (an exhaustive map over the kinds). */
export function prepareNode(node: ExecutableNode, state: State): Prepared {
  switch (node.type) {
    case "agent":
      return agentKind.prepare(node, state);
    case "tool":
      return toolKind.prepare(node, state);
    case "condition":
      return conditionKind.prepare(node, state);
    case "loop":
      return loopKind.prepare(node, state);
    case "merge":
      return mergeKind.prepare(node, state);
  }
}

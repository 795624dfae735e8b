/**
 * Every node kind's definition, by type. The map's type names every `NodeType`, so a kind
 * added to the graph schema without a definition here does not compile; what the rest of
 * the engine asks of a kind (its output key, its checks, how its edges fire, whether it
 * executes or parks) it asks through `kindOf`.
 */
import type { NodeOfType, NodeType } from "../graph/schema";
import { agentKind } from "./agent";
import { conditionKind } from "./condition";
import { humanGateKind } from "./human-gate";
import { loopKind } from "./loop";
import { mergeKind } from "./merge";
import { toolKind } from "./tool";
import type { NodeKind } from "./types";

export const NODE_KINDS: { readonly [K in NodeType]: NodeKind<NodeOfType<K>> } = {
  agent: agentKind,
  tool: toolKind,
  condition: conditionKind,
  loop: loopKind,
  human_gate: humanGateKind,
  merge: mergeKind,
};

/** The definition of a node's kind, typed for that node. */
export function kindOf<T extends NodeType>(node: NodeOfType<T>): NodeKind<NodeOfType<T>> {
  return NODE_KINDS[node.type as T] as NodeKind<NodeOfType<T>>;
}

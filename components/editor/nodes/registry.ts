/** Every node kind the editor offers, in palette order. */
import { NODE_TYPES, type NodeType } from "@/engine/graph/schema";
import { agentKind } from "./agent/definition";
import { conditionKind } from "./condition/definition";
import { humanGateKind } from "./human-gate/definition";
import type { NodeKind } from "./kind";
import { loopKind } from "./loop/definition";
import { mergeKind } from "./merge/definition";
import { toolKind } from "./tool/definition";

export const NODE_KINDS: { [T in NodeType]: NodeKind<T> } = {
  agent: agentKind,
  tool: toolKind,
  condition: conditionKind,
  loop: loopKind,
  human_gate: humanGateKind,
  merge: mergeKind,
};

/** Palette order follows the schema's list of types. */
export const PALETTE_ORDER: readonly NodeType[] = NODE_TYPES;

/** The kind of a type, typed loosely for places that handle any node. */
export function kindOf(type: NodeType): NodeKind {
  return NODE_KINDS[type] as unknown as NodeKind;
}

/** Narrowing guard for strings coming from drag-and-drop or files. */
export function isNodeType(value: string): value is NodeType {
  return (NODE_TYPES as readonly string[]).includes(value);
}

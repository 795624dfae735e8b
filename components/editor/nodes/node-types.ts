/** React Flow's node view map (one view per node type, held complete by its type), defined once at module level so it never changes identity. */
import type { NodeTypes } from "@xyflow/react";
import type { NodeType } from "@/engine/graph/schema";
import { AgentNodeView } from "./agent/node";
import { ConditionNodeView } from "./condition/node";
import { HumanGateNodeView } from "./human-gate/node";
import { LoopNodeView } from "./loop/node";
import { MergeNodeView } from "./merge/node";
import { ToolNodeView } from "./tool/node";

export const nodeTypes = {
  agent: AgentNodeView,
  tool: ToolNodeView,
  condition: ConditionNodeView,
  loop: LoopNodeView,
  human_gate: HumanGateNodeView,
  merge: MergeNodeView,
} satisfies NodeTypes & { [T in NodeType]: NodeTypes[string] };

/**
 * The React Flow shapes the editor works with. A node's `data` holds only its saved
 * `config`; selection, validation markers and run highlights live elsewhere so they
 * can never leak into the saved graph.
 */
import type { Edge, Node } from "@xyflow/react";
import type { NodeConfig, NodeType } from "@/engine/graph/schema";

/** A canvas node of one kind; `data.config` is exactly the graph node's config. */
export type WorkflowNodeOf<T extends NodeType> = Node<{ config: NodeConfig<T> }, T>;

/** Any canvas node, discriminated on `type` like the graph schema. */
export type WorkflowNode = { [T in NodeType]: WorkflowNodeOf<T> }[NodeType];

/** Saved edge fields; the drawn label comes from `label`, else `condition_value`. */
export type WorkflowEdgeData = { condition_value?: string; label?: string };

export type WorkflowEdge = Edge<WorkflowEdgeData, "workflow">;

/** Source handles of the branching kinds; an edge from one carries it as `condition_value`. */
export const BRANCH_HANDLES = ["true", "false"] as const;
export type BranchHandle = (typeof BRANCH_HANDLES)[number];

/** Kinds whose outgoing edges are chosen by a boolean result. */
export function isBranching(type: NodeType): type is "condition" | "loop" {
  return type === "condition" || type === "loop";
}

/**
 * Where a batch of React Flow node changes goes. While a node is dragged the canvas keeps
 * its own copy of the nodes and applies each tick to it, so a drag tick touches neither
 * the editor store nor its subscribers (undo history, dirty mark, validation, every
 * node's issue selector); the drop writes the result to the store once.
 */
import { applyNodeChanges, type NodeChange } from "@xyflow/react";
import type { WorkflowNode } from "../flow-types";
import { isDragEnd, isDragMove } from "../store/node-changes";

export type NodeChangeRoute =
  /** Not part of a drag: the store applies the batch as usual. */
  | { kind: "store" }
  /** Mid-drag: the canvas shows `nodes`; the store is not told. */
  | { kind: "live"; nodes: WorkflowNode[] }
  /** The drag ended: `nodes` is the result to commit as one step. */
  | { kind: "commit"; nodes: WorkflowNode[] };

/** Routes `changes` given the canvas's drag copy (`live`, null outside a drag) and the store's nodes. */
export function routeNodeChanges(live: WorkflowNode[] | null, stored: WorkflowNode[], changes: NodeChange<WorkflowNode>[]): NodeChangeRoute {
  if (live === null && !isDragMove(changes)) return { kind: "store" };
  const nodes = applyNodeChanges(changes, live ?? stored);
  return isDragEnd(changes) ? { kind: "commit", nodes } : { kind: "live", nodes };
}

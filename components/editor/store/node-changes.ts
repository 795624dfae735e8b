/** Recognises the start and end of a node drag in React Flow's change batches. */
import type { NodeChange } from "@xyflow/react";
import type { WorkflowNode } from "../flow-types";

export function isDragMove(changes: readonly NodeChange<WorkflowNode>[]): boolean {
  return changes.some((c) => c.type === "position" && c.dragging === true);
}

export function isDragEnd(changes: readonly NodeChange<WorkflowNode>[]): boolean {
  return changes.some((c) => c.type === "position" && c.dragging === false);
}

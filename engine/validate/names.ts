/**
 * How findings name nodes and edges: the id a person can search for, plus the label
 * they see on the canvas when it differs.
 */
import type { GraphEdge, GraphNode } from "../graph/schema";

/** `"classify"`, or `"Classify Ticket" (classify)` when the node has its own label. */
export function nodeName(node: GraphNode | undefined, id: string): string {
  const label = node?.config.label?.trim();
  return label && label !== id ? `"${label}" (${id})` : `"${id}"`;
}

/** `"e1"` or `"e1" (a → b)`, so an edge without a label can still be found on the canvas. */
export function edgeName(edge: GraphEdge): string {
  return `"${edge.id}" (${edge.source} → ${edge.target})`;
}

/**
 * How findings name nodes and edges: the id a person can search for, plus the label
 * they see on the canvas when it differs.
 */
import type { KindNode } from "../graph/node-shape";

/** What naming an edge needs of it. */
interface NamedEdge {
  id: string;
  source: string;
  target: string;
}

/** `"classify"`, or `"Classify Ticket" (classify)` when the node has its own label. */
export function nodeName(node: Pick<KindNode, "config"> | undefined, id: string): string {
  const label = node?.config.label?.trim();
  return label && label !== id ? `"${label}" (${id})` : `"${id}"`;
}

/** `"e1"` or `"e1" (a → b)`, so an edge without a label can still be found on the canvas. */
export function edgeName(edge: NamedEdge): string {
  return `"${edge.id}" (${edge.source} → ${edge.target})`;
}

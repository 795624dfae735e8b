/**
 * Whether two graphs differ in node positions alone: the same nodes (in the same order),
 * edges and settings once positions are set aside. Such a save is still a version — the
 * canvas is part of what is kept — but the history marks it, so it is not mistaken for an
 * edit of what runs.
 */
import type { Graph } from "@/engine/graph/schema";
import { canonicalJson } from "@/lib/db/canonical-json";

const withoutPositions = (g: Graph) => ({ ...g, nodes: g.nodes.map(({ position: _position, ...rest }) => rest) });

export function isLayoutOnlyChange(before: Graph, after: Graph): boolean {
  return canonicalJson(before) !== canonicalJson(after) && canonicalJson(withoutPositions(before)) === canonicalJson(withoutPositions(after));
}

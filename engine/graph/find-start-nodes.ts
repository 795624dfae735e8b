/**
 * Start nodes (SPEC §3): nodes with no incoming edge, which all start at once.
 */
import type { Graph } from "./schema";
import { buildGraphIndex, type GraphIndex } from "./build-graph-index";

/**
 * Ids of the nodes with no incoming edge, in declaration order.
 *
 * Only edges whose source and target are both nodes count: a dangling edge can never
 * fire, so a node whose only incoming edge comes from a missing node still starts
 * (validation reports the dangling edge as an error anyway).
 */
export function findStartNodes(graph: Pick<Graph, "nodes" | "edges">, index: GraphIndex = buildGraphIndex(graph)): string[] {
  return index.ids.filter((id) => index.incoming.get(id)!.length === 0);
}

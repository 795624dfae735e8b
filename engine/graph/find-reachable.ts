/**
 * Which nodes a run can ever reach: everything downstream of a start node.
 */
import type { Graph } from "./schema";
import { buildGraphIndex, type GraphIndex } from "./build-graph-index";
import { findStartNodes } from "./find-start-nodes";

/** Ids of the nodes reachable from any start node (start nodes included). */
export function findReachable(graph: Pick<Graph, "nodes" | "edges">, index: GraphIndex = buildGraphIndex(graph)): Set<string> {
  const seen = new Set(findStartNodes(graph, index));
  const queue = [...seen];
  for (let head = 0; head < queue.length; head++) {
    for (const edge of index.outgoing.get(queue[head])!) {
      if (seen.has(edge.target)) continue;
      seen.add(edge.target);
      queue.push(edge.target);
    }
  }
  return seen;
}

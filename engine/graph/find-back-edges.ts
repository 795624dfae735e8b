/**
 * Back-edges: the edges that close a cycle. The engine leaves them out of merge
 * barriers and out of the "several incoming edges" count, since they only fire on a
 * later pass through a loop.
 */
import type { Graph, GraphEdge } from "./schema";
import { buildGraphIndex, type GraphIndex } from "./build-graph-index";
import { findStartNodes } from "./find-start-nodes";

/**
 * Edges that point at a node currently on the depth-first search stack.
 *
 * 1. The search starts from each start node in declaration order, then from any node
 *    still unvisited (in declaration order), so cycles no start node reaches are covered too.
 * 2. Outgoing edges are followed in declaration order, which makes the answer deterministic.
 * 3. The search is iterative: a 10,000-node chain must not overflow the call stack.
 *
 * Returns the back-edges in the order the search meets them. A self-loop is always one.
 */
export function findBackEdges(graph: Pick<Graph, "nodes" | "edges">, index: GraphIndex = buildGraphIndex(graph)): GraphEdge[] {
  const ON_STACK = 1;
  const DONE = 2;
  const state = new Map<string, number>();
  const back: GraphEdge[] = [];
  const roots = [...findStartNodes(graph, index), ...index.ids];
  for (const root of roots) {
    if (state.has(root)) continue;
    state.set(root, ON_STACK);
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const out = index.outgoing.get(top.id)!;
      if (top.next >= out.length) {
        state.set(top.id, DONE);
        stack.pop();
        continue;
      }
      const edge = out[top.next++];
      const seen = state.get(edge.target);
      if (seen === undefined) {
        state.set(edge.target, ON_STACK);
        stack.push({ id: edge.target, next: 0 });
      } else if (seen === ON_STACK) {
        back.push(edge);
      }
    }
  }
  return back;
}

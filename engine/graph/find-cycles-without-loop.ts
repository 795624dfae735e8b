/**
 * Cycles are allowed only through a loop node (SPEC §3): the loop's counter and
 * max_iterations are what stop them. Any other cycle would run forever.
 */
import type { Graph } from "./schema";
import { buildGraphIndex, type GraphIndex } from "./build-graph-index";
import { stronglyConnectedComponents } from "./strongly-connected-components";

export interface LooplessCycle {
  /** Every node of the strongly connected component, in declaration order. */
  nodes: string[];
  /** One concrete cycle inside it, as node ids starting at its first node (not repeated at the end). */
  cycle: string[];
}

/**
 * The places where a cycle avoids every loop node, each reported once.
 *
 * A cycle that avoids all loop nodes exists exactly when the graph without its loop
 * nodes still has a cycle; so this takes the strongly connected components of that
 * reduced graph and keeps those with more than one node or with a self-loop, ordered
 * by their first node's declaration.
 */
export function findCyclesWithoutLoop(graph: Pick<Graph, "nodes" | "edges">, index: GraphIndex = buildGraphIndex(graph)): LooplessCycle[] {
  const isLoop = (id: string) => index.nodes.get(id)!.type === "loop";
  const { components, componentOf } = stronglyConnectedComponents(index, isLoop);
  const found: LooplessCycle[] = [];
  components.forEach((members, c) => {
    const selfLoop = members.length === 1 && index.outgoing.get(members[0])!.some((e) => e.target === members[0]);
    if (members.length < 2 && !selfLoop) return;
    found.push({ nodes: members, cycle: shortestCycle(index, members[0], (id) => componentOf.get(id) === c) });
  });
  const order = new Map(index.ids.map((id, i) => [id, i]));
  return found.sort((x, y) => order.get(x.nodes[0])! - order.get(y.nodes[0])!);
}

/** Breadth-first search from `start` back to itself, staying inside one component. */
function shortestCycle(index: GraphIndex, start: string, inside: (id: string) => boolean): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head];
    for (const edge of index.outgoing.get(id)!) {
      if (edge.target === start) {
        const path = [id];
        while (path[0] !== start) path.unshift(parent.get(path[0])!);
        return path;
      }
      if (!inside(edge.target) || parent.has(edge.target)) continue;
      parent.set(edge.target, id);
      queue.push(edge.target);
    }
  }
  return [start];
}

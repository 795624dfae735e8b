/**
 * Whole-graph checks: cycles must pass through a loop node (error), and the shapes
 * that run but probably not as meant (warnings): a node fed by several edges, two
 * concurrent writers of one key, nodes nothing reaches.
 */
import type { Graph } from "../graph/schema";
import type { GraphIndex } from "../graph/build-graph-index";
import { findCyclesWithoutLoop } from "../graph/find-cycles-without-loop";
import { findBackEdges } from "../graph/find-back-edges";
import { findReachable } from "../graph/find-reachable";
import { findStartNodes } from "../graph/find-start-nodes";
import { concurrentWriters } from "../graph/concurrent-writers";
import { kindOf } from "../nodes/registry";
import type { Report } from "./issues";
import { nodeName } from "./names";

export function checkTopology(graph: Graph, index: GraphIndex, report: Report): void {
  const position = new Map<string, number>();
  graph.nodes.forEach((n, i) => {
    if (!position.has(n.id)) position.set(n.id, i);
  });
  const name = (id: string) => nodeName(index.nodes.get(id), id);
  const at = (id: string) => ["nodes", position.get(id)!];

  for (const { nodes, cycle } of findCyclesWithoutLoop(graph, index)) {
    report("cycle_without_loop", { cycle }, { node_id: cycle[0], node_ids: nodes, path: at(cycle[0]) });
  }

  const back = new Set(findBackEdges(graph, index));
  for (const id of index.ids) {
    // A barrier (merge) is where branches meet; any other node takes one forward edge.
    if (kindOf(index.nodes.get(id)!).join === "barrier") continue;
    const count = index.incoming.get(id)!.filter((e) => !back.has(e)).length;
    if (count > 1) report("multiple_incoming", { node: name(id), count }, { node_id: id, path: at(id) });
  }

  for (const { key, a, b } of concurrentWriters(graph, index)) {
    report("concurrent_write", { key, a: name(a), b: name(b) }, { node_id: b, node_ids: [a, b], path: at(b) });
  }

  if (findStartNodes(graph, index).length === 0) return;
  const reachable = findReachable(graph, index);
  for (const id of index.ids) {
    if (!reachable.has(id)) report("unreachable_node", { node: name(id) }, { node_id: id, path: at(id) });
  }
}

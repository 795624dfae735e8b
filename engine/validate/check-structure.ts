/**
 * Structural checks: the graph has nodes, ids are unique, edges join real nodes and
 * something can start.
 */
import type { Graph } from "../graph/schema";
import type { GraphIndex } from "../graph/build-graph-index";
import { findStartNodes } from "../graph/find-start-nodes";
import type { Report } from "./issues";
import { edgeName, nodeName } from "./names";

/** Positions of the second and later declarations of each repeated id. */
function repeats(ids: string[]): Map<string, number[]> {
  const first = new Map<string, number>();
  const repeated = new Map<string, number[]>();
  ids.forEach((id, i) => {
    const at = first.get(id);
    if (at === undefined) first.set(id, i);
    else repeated.set(id, [...(repeated.get(id) ?? [at]), i]);
  });
  return repeated;
}

export function checkStructure(graph: Graph, index: GraphIndex, report: Report): void {
  if (graph.nodes.length === 0) {
    report("empty_graph", {});
    return;
  }
  for (const [id, at] of repeats(graph.nodes.map((n) => n.id))) {
    report("duplicate_node_id", { node: nodeName(undefined, id), count: at.length }, { node_id: id, path: ["nodes", at[1]] });
  }
  for (const [id, at] of repeats(graph.edges.map((e) => e.id))) {
    report("duplicate_edge_id", { edge: `"${id}"`, count: at.length }, { edge_id: id, path: ["edges", at[1]] });
  }
  for (const edge of index.dangling) {
    const missing: string[] = [];
    if (!index.nodes.has(edge.source)) missing.push(`source "${edge.source}"`);
    if (!index.nodes.has(edge.target)) missing.push(`target "${edge.target}"`);
    report("dangling_edge", { edge: edgeName(edge), missing }, { edge_id: edge.id, path: ["edges", graph.edges.indexOf(edge)] });
  }
  if (findStartNodes(graph, index).length === 0) report("no_start_node", {});
}

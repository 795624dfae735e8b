/**
 * Edges out of branching kinds (condition, loop: `NodeKind.edges`) fire only when their
 * value is "true" or "false" (SPEC §3); anything else is drawn but never fires.
 */
import type { GraphIndex } from "../graph/build-graph-index";
import { edgeBranchValue } from "../graph/edge-branch-value";
import { isPrototypeName, type Graph } from "../graph/schema";
import { kindOf } from "../nodes/registry";
import type { Report } from "./issues";
import { edgeName, nodeName } from "./names";

export function checkEdges(graph: Graph, index: GraphIndex, report: Report): void {
  graph.edges.forEach((edge, at) => {
    // Saved before the schema refused such ids: the graph still reads, and cannot run.
    if (isPrototypeName(edge.id)) report("reserved_name", { subject: "An edge", name: edge.id, fix: "Delete it and draw it again." }, { edge_id: edge.id, path: ["edges", at, "id"] });
    const source = index.nodes.get(edge.source);
    if (!source || !index.nodes.has(edge.target)) return;
    const where = { edge_id: edge.id, node_id: source.id, path: ["edges", at] };
    const args = { edge: edgeName(edge), node: nodeName(source, source.id) };
    if (source.type === "loop" && edge.target === source.id) report("self_loop_edge", args, where);
    if (kindOf(source).edges === "all") return;
    if (edgeBranchValue(edge) !== null) return;
    const value = edge.condition_value ?? edge.label;
    if (value === undefined) report("unlabelled_branch_edge", args, where);
    else report("branch_edge_value", { ...args, value }, where);
  });
  for (const id of index.ids) {
    const node = index.nodes.get(id)!;
    if (node.type !== "loop") continue;
    if (!index.outgoing.get(id)!.some((e) => edgeBranchValue(e) === false)) {
      report("loop_without_exit", { node: nodeName(node, id) }, { node_id: id, path: ["nodes", graph.nodes.indexOf(node)] });
    }
  }
}

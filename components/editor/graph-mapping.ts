/**
 * The one translation between the saved graph (engine/graph/schema.ts) and React Flow's
 * nodes and edges. Everything else in the editor goes through these two functions, so
 * what the canvas draws is exactly what is saved and executed.
 */
import type { Graph, GraphEdge, GraphNode, NodeType, RunSettings } from "@/engine/graph/schema";
import { isBranching, type BranchHandle, type WorkflowEdge, type WorkflowNode } from "./flow-types";

/** The branch handle an edge leaves from: its condition value, else its label, when that says true/false. */
export function branchOf(edge: { condition_value?: string; label?: string }): BranchHandle | undefined {
  const raw = (edge.condition_value ?? edge.label ?? "").trim().toLowerCase();
  return raw === "true" || raw === "false" ? raw : undefined;
}

function toFlowEdge(edge: GraphEdge, sourceType: NodeType | undefined): WorkflowEdge {
  const data: WorkflowEdge["data"] = {};
  if (edge.condition_value !== undefined) data.condition_value = edge.condition_value;
  if (edge.label !== undefined) data.label = edge.label;
  const handle = sourceType && isBranching(sourceType) ? branchOf(edge) : undefined;
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    type: "workflow",
    ...(handle ? { sourceHandle: handle } : {}),
    data,
  };
}

/** Saved graph → canvas nodes and edges. */
export function graphToFlow(graph: Graph): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } {
  const typeOf = new Map<string, NodeType>();
  const nodes = graph.nodes.map((n) => {
    typeOf.set(n.id, n.type);
    return { id: n.id, type: n.type, position: { x: n.position.x, y: n.position.y }, data: { config: n.config } } as WorkflowNode;
  });
  const edges = graph.edges.map((e) => toFlowEdge(e, typeOf.get(e.source)));
  return { nodes, edges };
}

function toGraphEdge(edge: WorkflowEdge): GraphEdge {
  const out: GraphEdge = { id: edge.id, source: edge.source, target: edge.target };
  const cv = edge.data?.condition_value;
  const label = edge.data?.label;
  if (cv !== undefined && cv !== "") out.condition_value = cv;
  if (label !== undefined && label !== "") out.label = label;
  return out;
}

/** Canvas nodes and edges → saved graph; only ids, types, positions, configs and edge fields survive. */
export function flowToGraph(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[], settings?: RunSettings): Graph {
  const graph: Graph = {
    nodes: nodes.map((n) => ({ id: n.id, type: n.type, position: { x: n.position.x, y: n.position.y }, config: n.data.config }) as GraphNode),
    edges: edges.map(toGraphEdge),
  };
  if (settings) graph.settings = settings;
  return graph;
}

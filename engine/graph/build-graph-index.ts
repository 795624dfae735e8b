/**
 * Adjacency of a graph by node id. The scheduler consults it on every edge firing,
 * so it is built once in O(nodes + edges) with Maps.
 */
import type { Graph, GraphEdge, GraphNode } from "./schema";

export interface GraphIndex {
  /** Unique node ids in declaration order. */
  ids: string[];
  /** Nodes by id. When an id is declared twice the first declaration wins (validation reports the second). */
  nodes: Map<string, GraphNode>;
  /** Per node, the edges leaving it, in declaration order. Only edges whose both ends are nodes. */
  outgoing: Map<string, GraphEdge[]>;
  /** Per node, the edges entering it, in declaration order. Only edges whose both ends are nodes. */
  incoming: Map<string, GraphEdge[]>;
  /** Edges whose source or target is not a node: they can never fire. */
  dangling: GraphEdge[];
}

/** Index a graph's nodes and edges. Every node has an (possibly empty) outgoing and incoming list. */
export function buildGraphIndex(graph: Pick<Graph, "nodes" | "edges">): GraphIndex {
  const ids: string[] = [];
  const nodes = new Map<string, GraphNode>();
  const outgoing = new Map<string, GraphEdge[]>();
  const incoming = new Map<string, GraphEdge[]>();
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) continue;
    ids.push(node.id);
    nodes.set(node.id, node);
    outgoing.set(node.id, []);
    incoming.set(node.id, []);
  }
  const dangling: GraphEdge[] = [];
  for (const edge of graph.edges) {
    const out = outgoing.get(edge.source);
    const inc = incoming.get(edge.target);
    if (!out || !inc) {
      dangling.push(edge);
      continue;
    }
    out.push(edge);
    inc.push(edge);
  }
  return { ids, nodes, outgoing, incoming, dangling };
}

/**
 * What the scheduler precomputes once per graph: adjacency, back-edges and each node's
 * forward (non-back) incoming edges. Cached per graph object.
 */
import { buildGraphIndex, type GraphIndex } from "../graph/build-graph-index";
import { findBackEdges } from "../graph/find-back-edges";
import { findStartNodes } from "../graph/find-start-nodes";
import type { Graph, GraphEdge } from "../graph/schema";

export interface RunPlan {
  graph: Graph;
  index: GraphIndex;
  startNodes: string[];
  /** Ids of edges that close a cycle (they never hold a merge barrier or cause a skip). */
  backEdges: Set<string>;
  /** Per node, incoming edges that are not back-edges. */
  forwardIncoming: Map<string, GraphEdge[]>;
}

const cache = new WeakMap<Graph, RunPlan>();

export function planFor(graph: Graph): RunPlan {
  let plan = cache.get(graph);
  if (!plan) {
    plan = buildPlan(graph);
    cache.set(graph, plan);
  }
  return plan;
}

function buildPlan(graph: Graph): RunPlan {
  const index = buildGraphIndex(graph);
  const backEdges = new Set(findBackEdges(graph, index).map((e) => e.id));
  const forwardIncoming = new Map<string, GraphEdge[]>();
  for (const [id, edges] of index.incoming) {
    forwardIncoming.set(id, edges.filter((e) => !backEdges.has(e.id)));
  }
  return { graph, index, startNodes: findStartNodes(graph, index), backEdges, forwardIncoming };
}

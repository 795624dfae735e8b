/**
 * What changed between two versions of a graph, keyed by node and edge id (positions are
 * cosmetic and never count as a change). Used to colour a comparison on the canvas and to
 * list a changed node's config fields.
 */
import type { Graph, GraphEdge, GraphNode } from "@/engine/graph/schema";

/** One config field that differs; `before`/`after` are undefined when the field was absent. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

export interface NodeChange {
  id: string;
  before: GraphNode;
  after: GraphNode;
  /** True when the node's type changed (then `fields` compares configs anyway). */
  typeChanged: boolean;
  fields: FieldChange[];
}

export interface EdgeChangeInfo {
  id: string;
  before: GraphEdge;
  after: GraphEdge;
}

export interface GraphDiff {
  addedNodes: GraphNode[];
  removedNodes: GraphNode[];
  changedNodes: NodeChange[];
  addedEdges: GraphEdge[];
  removedEdges: GraphEdge[];
  changedEdges: EdgeChangeInfo[];
  /** Whether anything at all differs. */
  changed: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!sameValue(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/**
 * The differing leaves of two config objects as dotted paths. Objects are walked key by
 * key; arrays and scalars are compared whole (a changed list of gate fields is one change).
 */
export function configChanges(before: unknown, after: unknown, prefix = ""): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => configChanges(before[k], after[k], prefix ? `${prefix}.${k}` : k));
  }
  return sameValue(before, after) ? [] : [{ path: prefix || "(value)", before, after }];
}

const edgeFields = (e: GraphEdge) => ({ source: e.source, target: e.target, condition_value: e.condition_value, label: e.label });

/** Compares version `a` (older) with `b` (newer). */
export function graphDiff(a: Graph, b: Graph): GraphDiff {
  const aNodes = new Map(a.nodes.map((n) => [n.id, n]));
  const bNodes = new Map(b.nodes.map((n) => [n.id, n]));
  const aEdges = new Map(a.edges.map((e) => [e.id, e]));
  const bEdges = new Map(b.edges.map((e) => [e.id, e]));

  const addedNodes = b.nodes.filter((n) => !aNodes.has(n.id));
  const removedNodes = a.nodes.filter((n) => !bNodes.has(n.id));
  const changedNodes: NodeChange[] = [];
  for (const after of b.nodes) {
    const before = aNodes.get(after.id);
    if (!before) continue;
    const fields = configChanges(before.config, after.config);
    const typeChanged = before.type !== after.type;
    if (typeChanged || fields.length) changedNodes.push({ id: after.id, before, after, typeChanged, fields });
  }

  const addedEdges = b.edges.filter((e) => !aEdges.has(e.id));
  const removedEdges = a.edges.filter((e) => !bEdges.has(e.id));
  const changedEdges: EdgeChangeInfo[] = [];
  for (const after of b.edges) {
    const before = aEdges.get(after.id);
    if (before && !sameValue(edgeFields(before), edgeFields(after))) changedEdges.push({ id: after.id, before, after });
  }

  const changed = [addedNodes, removedNodes, changedNodes, addedEdges, removedEdges, changedEdges].some((l) => l.length > 0);
  return { addedNodes, removedNodes, changedNodes, addedEdges, removedEdges, changedEdges, changed };
}

/**
 * One graph to draw a comparison on: the newer version plus the removed nodes and edges
 * of the older one (edges only when both ends are drawn), so deletions stay visible.
 */
export function unionGraph(a: Graph, b: Graph, diff: GraphDiff): Graph {
  const nodes = [...b.nodes, ...diff.removedNodes];
  const ids = new Set(nodes.map((n) => n.id));
  const edges = [...b.edges, ...diff.removedEdges.filter((e) => ids.has(e.source) && ids.has(e.target))];
  return { ...b, nodes, edges };
}

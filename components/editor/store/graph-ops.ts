/**
 * Pure operations on the canvas nodes and edges behind the store's verbs. Each returns
 * new arrays and leaves untouched items as the same objects, so memoised nodes do not
 * re-render and undo history stays cheap.
 */
import type { Connection, XYPosition } from "@xyflow/react";
import type { NodeType } from "@/engine/graph/schema";
import { isBranching, type WorkflowEdge, type WorkflowNode } from "../flow-types";
import { kindOf } from "../nodes/registry";
import { uniqueId } from "./ids";

/** A new node of `type` at `position`, selected, with its kind's starting config. */
export function createNode(type: NodeType, position: XYPosition, taken: Set<string>): WorkflowNode {
  const id = uniqueId(`${type}_`, taken);
  return { id, type, position, selected: true, data: { config: kindOf(type).defaultConfig() } } as WorkflowNode;
}

/**
 * The edge a drawn connection makes, or null when it is not allowed (self-loop, missing
 * node, duplicate). From a true/false handle it carries that value and label.
 */
export function edgeFromConnection(conn: Connection, nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): WorkflowEdge | null {
  if (!conn.source || !conn.target || conn.source === conn.target) return null;
  const source = nodes.find((n) => n.id === conn.source);
  if (!source || !nodes.some((n) => n.id === conn.target)) return null;
  const handle = isBranching(source.type) && (conn.sourceHandle === "true" || conn.sourceHandle === "false") ? conn.sourceHandle : undefined;
  const duplicate = edges.some((e) => e.source === conn.source && e.target === conn.target && (e.sourceHandle ?? undefined) === handle);
  if (duplicate) return null;
  const id = uniqueId("e", new Set(edges.map((e) => e.id)));
  return {
    id,
    source: conn.source,
    target: conn.target,
    type: "workflow",
    ...(handle ? { sourceHandle: handle } : {}),
    data: handle ? { condition_value: handle, label: handle } : {},
  };
}

/** Removes selected nodes, their edges, and selected edges. */
export function removeSelected(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]) {
  const gone = new Set(nodes.filter((n) => n.selected).map((n) => n.id));
  return {
    nodes: nodes.filter((n) => !gone.has(n.id)),
    edges: edges.filter((e) => !e.selected && !gone.has(e.source) && !gone.has(e.target)),
  };
}

/** Sets `selected` on every item to `pick(item)`, reusing the items whose flag does not change. */
export function withSelection<T extends { id: string; selected?: boolean }>(items: readonly T[], pick: (item: T) => boolean): T[] {
  return items.map((item) => {
    const want = pick(item);
    return Boolean(item.selected) === want ? item : { ...item, selected: want };
  });
}

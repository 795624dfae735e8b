/**
 * Copy and paste of a selection. Pasted nodes get fresh ids (and the edges between them
 * follow), land offset from the originals, and arrive selected.
 */
import type { WorkflowEdge, WorkflowNode } from "../flow-types";
import { uniqueId } from "./ids";

/** What a copy holds: the selected nodes and the edges among them. */
export interface Clipboard {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** Pasted nodes are moved by this much so they do not hide the originals. */
export const PASTE_OFFSET = 40;

/** The selected nodes and the edges whose both ends are selected; null when nothing is selected. */
export function copySelection(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): Clipboard | null {
  const picked = nodes.filter((n) => n.selected);
  if (!picked.length) return null;
  const ids = new Set(picked.map((n) => n.id));
  return {
    nodes: picked.map((n) => structuredClone({ id: n.id, type: n.type, position: n.position, data: n.data }) as WorkflowNode),
    edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)).map((e) => structuredClone(e)),
  };
}

/**
 * Fresh copies of the clipboard for a graph that already uses `nodeIds` and `edgeIds`.
 * `times` is how many pastes happened already, so repeated pastes cascade.
 */
export function pasteCopies(clip: Clipboard, nodeIds: Iterable<string>, edgeIds: Iterable<string>, times = 1) {
  const takenNodes = new Set(nodeIds);
  const takenEdges = new Set(edgeIds);
  const remap = new Map<string, string>();
  const shift = PASTE_OFFSET * times;
  const nodes = clip.nodes.map((n) => {
    const id = uniqueId(`${n.type}_`, takenNodes);
    remap.set(n.id, id);
    return { ...structuredClone(n), id, selected: true, position: { x: n.position.x + shift, y: n.position.y + shift } } as WorkflowNode;
  });
  const edges = clip.edges.map((e) => ({
    ...structuredClone(e),
    id: uniqueId("e", takenEdges),
    source: remap.get(e.source)!,
    target: remap.get(e.target)!,
    selected: false,
  }));
  return { nodes, edges };
}

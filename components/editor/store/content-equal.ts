/**
 * Whether two canvas states hold the same saved content. Selection, measurement and
 * drag flags are ignored, so they neither create undo steps nor mark the work unsaved.
 * Config objects are compared by identity: every edit replaces them.
 */
import type { WorkflowEdge, WorkflowNode } from "../flow-types";

export interface CanvasContent {
  nodes: readonly WorkflowNode[];
  edges: readonly WorkflowEdge[];
}

export function sameContent(a: CanvasContent, b: CanvasContent): boolean {
  if (a.nodes !== b.nodes) {
    if (a.nodes.length !== b.nodes.length) return false;
    for (let i = 0; i < a.nodes.length; i++) {
      const x = a.nodes[i];
      const y = b.nodes[i];
      if (x === y) continue;
      if (x.id !== y.id || x.type !== y.type || x.data !== y.data) return false;
      if (x.position.x !== y.position.x || x.position.y !== y.position.y) return false;
    }
  }
  if (a.edges !== b.edges) {
    if (a.edges.length !== b.edges.length) return false;
    for (let i = 0; i < a.edges.length; i++) {
      const x = a.edges[i];
      const y = b.edges[i];
      if (x === y) continue;
      if (x.id !== y.id || x.source !== y.source || x.target !== y.target) return false;
      if ((x.sourceHandle ?? null) !== (y.sourceHandle ?? null) || x.data !== y.data) return false;
    }
  }
  return true;
}

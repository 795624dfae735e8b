/**
 * Left-to-right layered layout with dagre. Deterministic: the same graph always gives
 * the same positions, so a layout is a single, repeatable undo step.
 */
import dagre from "@dagrejs/dagre";
import type { WorkflowEdge, WorkflowNode } from "../flow-types";

/** Size used for nodes React Flow has not measured yet. */
const FALLBACK = { width: 240, height: 76 };

/** New positions for every node; nodes whose position does not change are returned as-is. */
export function layoutNodes(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): WorkflowNode[] {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "LR", nodesep: 40, ranksep: 140, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  const size = (n: WorkflowNode) => ({
    width: n.measured?.width ?? n.width ?? FALLBACK.width,
    height: n.measured?.height ?? n.height ?? FALLBACK.height,
  });
  for (const n of nodes) g.setNode(n.id, size(n));
  for (const e of edges) if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target, {}, e.id);
  dagre.layout(g);
  return nodes.map((n) => {
    const p = g.node(n.id);
    const { width, height } = size(n);
    const x = Math.round(p.x - width / 2);
    const y = Math.round(p.y - height / 2);
    return x === n.position.x && y === n.position.y ? n : { ...n, position: { x, y } };
  });
}

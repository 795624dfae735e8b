/**
 * The path of an edge. Forward (target to the right of the source): React Flow's bezier.
 * Backward (a loop back, b → a after a → b): out of the source to the right, down below
 * both nodes, left past the target and up into it, so it never runs behind the nodes it joins.
 */
import { getBezierPath, useStore, type EdgeProps, type ReactFlowState } from "@xyflow/react";

const OUT = 28;
const BELOW = 36;
const RADIUS = 10;

/** A polyline with rounded corners through `points`. */
export function roundedPath(points: readonly [number, number][], radius = RADIUS): string {
  let d = `M ${points[0][0]} ${points[0][1]}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [px, py] = points[i - 1];
    const [x, y] = points[i];
    const [nx, ny] = points[i + 1];
    const r = Math.min(radius, Math.hypot(x - px, y - py) / 2, Math.hypot(nx - x, ny - y) / 2);
    const inX = x - Math.sign(x - px) * r;
    const inY = y - Math.sign(y - py) * r;
    const outX = x + Math.sign(nx - x) * r;
    const outY = y + Math.sign(ny - y) * r;
    d += ` L ${inX} ${inY} Q ${x} ${y} ${outX} ${outY}`;
  }
  const [lx, ly] = points[points.length - 1];
  return `${d} L ${lx} ${ly}`;
}

/** The backward route for handles at (sx, sy) → (tx, ty), with `bottom` the lowest edge of both nodes. */
export function backEdgePath(sx: number, sy: number, tx: number, ty: number, bottom: number): [string, number, number] {
  const below = bottom + BELOW;
  const right = sx + OUT;
  const left = tx - OUT;
  const path = roundedPath([[sx, sy], [right, sy], [right, below], [left, below], [left, ty], [tx, ty]]);
  return [path, (right + left) / 2, below];
}

const isBackward = (p: Pick<EdgeProps, "sourceX" | "targetX">) => p.targetX < p.sourceX + OUT;

/** The lower edge of the two nodes, read only for a backward edge (0 otherwise, so forward edges never re-render for it). */
function useBottom(p: Pick<EdgeProps, "source" | "target" | "sourceX" | "targetX">): number {
  const backward = isBackward(p);
  return useStore((s: ReactFlowState) => {
    if (!backward) return 0;
    let bottom = -Infinity;
    for (const id of [p.source, p.target]) {
      const node = s.nodeLookup.get(id);
      if (node) bottom = Math.max(bottom, node.internals.positionAbsolute.y + (node.measured.height ?? 0));
    }
    return bottom;
  });
}

/** [path, labelX, labelY] of an edge as drawn. */
export function useEdgePath(p: EdgeProps): [string, number, number] {
  const bottom = useBottom(p);
  if (isBackward(p) && Number.isFinite(bottom)) return backEdgePath(p.sourceX, p.sourceY, p.targetX, p.targetY, bottom);
  const [path, labelX, labelY] = getBezierPath(p);
  return [path, labelX, labelY];
}

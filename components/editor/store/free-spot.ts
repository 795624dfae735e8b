/**
 * Where a new node goes so that it covers no other: the wanted spot if it is free, else the
 * nearest free one on a grid around it (below first, then beside), so nodes added one after
 * another from the palette line up instead of landing on each other.
 */
import type { XYPosition } from "@xyflow/react";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A node as drawn (w-60), for nodes React Flow has not measured yet. */
export const NODE_SIZE = { width: 240, height: 90 };
const GAP = 24;
const STEP_Y = NODE_SIZE.height + GAP;
const STEP_X = NODE_SIZE.width + GAP * 2;
const RINGS = 12;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

export function freeSpot(wanted: XYPosition, taken: readonly Box[], size = NODE_SIZE): XYPosition {
  const free = (p: XYPosition) => !taken.some((b) => overlaps({ ...p, ...size }, b));
  if (free(wanted)) return wanted;
  for (let ring = 1; ring <= RINGS; ring++) {
    // Below, above, then the columns to the right and left, nearest first.
    const offsets: [number, number][] = [[0, ring], [0, -ring]];
    for (let col = 1; col <= ring; col++) for (let row = -ring; row <= ring; row++) offsets.push([col, row], [-col, row]);
    for (const [col, row] of offsets) {
      const p = { x: wanted.x + col * STEP_X, y: wanted.y + row * STEP_Y };
      if (free(p)) return p;
    }
  }
  return { x: wanted.x, y: wanted.y + (RINGS + 1) * STEP_Y };
}

/** The boxes of nodes as the canvas holds them (measured when drawn, else the default size). */
export function boxesOf(nodes: readonly { position: XYPosition; measured?: { width?: number; height?: number } }[]): Box[] {
  return nodes.map((n) => ({ x: n.position.x, y: n.position.y, width: n.measured?.width ?? NODE_SIZE.width, height: n.measured?.height ?? NODE_SIZE.height }));
}

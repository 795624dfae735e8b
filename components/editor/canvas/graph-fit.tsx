"use client";
import { useStore, type ReactFlowState } from "@xyflow/react";
import { useCallback, useEffect } from "react";
import type { WorkflowNode } from "../flow-types";

/** Rough node size for the bounds estimate (a node view is 240 wide, ~70–110 high). */
const NODE_W = 240;
const NODE_H = 110;

/** Width and height in flow units of the box around all nodes; 0 × 0 without nodes. */
export function graphSize(nodes: readonly WorkflowNode[]): { width: number; height: number } {
  if (nodes.length === 0) return { width: 0, height: 0 };
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const n of nodes) {
    const w = n.measured?.width ?? NODE_W, h = n.measured?.height ?? NODE_H;
    minX = Math.min(minX, n.position.x);
    minY = Math.min(minY, n.position.y);
    maxX = Math.max(maxX, n.position.x + w);
    maxY = Math.max(maxY, n.position.y + h);
  }
  return { width: maxX - minX, height: maxY - minY };
}

/**
 * Render inside `<ReactFlow>`: reports whether the whole graph, at the current zoom, is at
 * most twice as wide and twice as high as the canvas. Then every node is (nearly) on screen anyway and mounting only
 * the visible ones just mounts and unmounts nodes at the edges on every pan.
 */
export function GraphFitWatcher({ width, height, onChange }: { width: number; height: number; onChange: (fits: boolean) => void }) {
  const fits = useStore(useCallback((s: ReactFlowState) => width * s.transform[2] <= 2 * s.width && height * s.transform[2] <= 2 * s.height, [width, height]));
  useEffect(() => onChange(fits), [fits, onChange]);
  return null;
}

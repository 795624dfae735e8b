"use client";
import { useStore, type ReactFlowState } from "@xyflow/react";
import { createContext, useContext, useEffect } from "react";

/** Below this zoom a node's text is unreadable, so nodes draw a single compact frame. */
export const COMPACT_BELOW_ZOOM = 0.35;

const isZoomedOut = (s: ReactFlowState) => s.transform[2] < COMPACT_BELOW_ZOOM;

/**
 * Whether the canvas is zoomed out past {@link COMPACT_BELOW_ZOOM}. A context rather than
 * a React Flow selector in every node: React Flow runs every store subscriber on every
 * pan tick, and with a thousand nodes on screen a thousand extra selectors cost frames.
 */
export const CompactZoomContext = createContext(false);

/** True while node views should draw their compact form. */
export function useCompactZoom(): boolean {
  return useContext(CompactZoomContext);
}

/**
 * Render inside `<ReactFlow>`: reports when the zoom crosses the compact threshold (one
 * store subscriber for the whole canvas), so the owner can feed {@link CompactZoomContext}.
 */
export function CompactZoomWatcher({ onChange }: { onChange: (compact: boolean) => void }) {
  const compact = useStore(isZoomedOut);
  useEffect(() => onChange(compact), [compact, onChange]);
  return null;
}

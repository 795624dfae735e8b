"use client";
import { useReactFlow, useStoreApi } from "@xyflow/react";
import { useEffect } from "react";
import type { EditorState } from "../store/editor-state";
import { useEditorStore } from "../store/editor-context";
import { viewDuration } from "./motion";

/** The one selected node's id, or null (none, or several). */
function singleSelected(s: EditorState): string | null {
  let found: string | null = null;
  for (const n of s.nodes) if (n.selected) {
    if (found) return null;
    found = n.id;
  }
  return found;
}

/**
 * Render inside `<ReactFlow>`: when a node becomes the selection while wholly off screen
 * (chosen from the problems list, a connection, the keyboard), the view pans to centre it
 * at the current zoom. A node one clicks is on screen, so clicking never moves the view.
 */
export function RevealSelection() {
  const id = useEditorStore(singleSelected);
  const flow = useStoreApi();
  const { getInternalNode, setCenter } = useReactFlow();
  useEffect(() => {
    if (!id) return;
    const node = getInternalNode(id);
    if (!node) return;
    const { transform, width, height } = flow.getState();
    const [tx, ty, zoom] = transform;
    const { x, y } = node.internals.positionAbsolute;
    const w = node.measured.width ?? 240, h = node.measured.height ?? 110;
    const left = x * zoom + tx, top = y * zoom + ty;
    const offScreen = left + w * zoom < 0 || top + h * zoom < 0 || left > width || top > height;
    if (offScreen) void setCenter(x + w / 2, y + h / 2, { zoom, duration: viewDuration(250) });
  }, [id, flow, getInternalNode, setCenter]);
  return null;
}

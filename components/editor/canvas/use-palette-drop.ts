"use client";
import { useReactFlow } from "@xyflow/react";
import { useCallback, type DragEvent } from "react";
import { isNodeType } from "../nodes/registry";
import { useEditorStore } from "../store/editor-context";

/** The drag payload type palette items carry. */
export const NODE_DRAG_MIME = "application/x-switchyard-node";

/** Half a node's size, so a dropped node is centred on the pointer. */
const HALF_NODE = { x: 120, y: 30 };

/** HTML5 drag-and-drop from the palette onto the canvas, placing the node where it is dropped. */
export function usePaletteDrop() {
  const { screenToFlowPosition } = useReactFlow();
  const addNodeOfType = useEditorStore((s) => s.addNodeOfType);

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(NODE_DRAG_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(NODE_DRAG_MIME);
      if (!isNodeType(type)) return;
      event.preventDefault();
      const at = screenToFlowPosition({ x: event.clientX, y: event.clientY });
      addNodeOfType(type, { x: Math.round(at.x - HALF_NODE.x), y: Math.round(at.y - HALF_NODE.y) });
    },
    [screenToFlowPosition, addNodeOfType],
  );

  return { onDragOver, onDrop };
}

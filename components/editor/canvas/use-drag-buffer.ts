"use client";
import type { NodeChange } from "@xyflow/react";
import { useCallback, useRef, useState } from "react";
import type { WorkflowNode } from "../flow-types";
import { useEditorStore, useEditorStoreApi } from "../store/editor-context";
import { routeNodeChanges } from "./drag-buffer";

/**
 * The nodes React Flow should draw and its change handler: the store's nodes, except
 * during a drag, when the canvas's own copy is the source of truth until the drop.
 */
export function useDragBuffer() {
  const store = useEditorStoreApi();
  const stored = useEditorStore((s) => s.nodes);
  const [live, setLive] = useState<WorkflowNode[] | null>(null);
  const liveRef = useRef<WorkflowNode[] | null>(null);

  const onNodesChange = useCallback(
    (changes: NodeChange<WorkflowNode>[]) => {
      const state = store.getState();
      const route = routeNodeChanges(liveRef.current, state.nodes, changes);
      if (route.kind === "store") return state.onNodesChange(changes);
      liveRef.current = route.kind === "live" ? route.nodes : null;
      if (route.kind === "commit") state.commitDrag(route.nodes);
      setLive(liveRef.current);
    },
    [store],
  );

  return { nodes: live ?? stored, onNodesChange };
}

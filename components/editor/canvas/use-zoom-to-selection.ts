"use client";
import { useReactFlow } from "@xyflow/react";
import { useCallback } from "react";
import { useEditorStoreApi } from "../store/editor-context";
import { viewDuration } from "./motion";

const PADDING = 0.2;
const MAX_ZOOM = 1.1;

/** Fits the view to the selected nodes, or to the whole graph when nothing is selected. */
export function useZoomToSelection(): () => void {
  const store = useEditorStoreApi();
  const { fitView } = useReactFlow();
  return useCallback(() => {
    const selected = store.getState().nodes.filter((n) => n.selected).map((n) => ({ id: n.id }));
    void fitView({ nodes: selected.length > 0 ? selected : undefined, padding: PADDING, maxZoom: MAX_ZOOM, duration: viewDuration(250) });
  }, [store, fitView]);
}

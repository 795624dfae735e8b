"use client";
import { useEffect } from "react";
import { graphSchema } from "@/engine/graph/schema";
import { validateGraph } from "@/lib/client/workflows";
import { flowToGraph } from "../graph-mapping";
import { shapeIssues } from "../io/workflow-file";
import { sameContent } from "../store/content-equal";
import { useEditorStoreApi } from "../store/editor-context";

/** Pause after the last edit before asking the server. */
export const VALIDATE_DEBOUNCE_MS = 300;

/**
 * Keeps the editor's validation markers current: shape problems are found locally (the
 * server would refuse such a graph outright), everything else by POST /validate,
 * debounced, with a newer edit cancelling the older request.
 */
export function useLiveValidation() {
  const store = useEditorStoreApi();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inflight: AbortController | null = null;
    const run = () => {
      const s = store.getState();
      const graph = flowToGraph(s.nodes, s.edges, s.settings);
      const shape = graphSchema.safeParse(graph);
      inflight?.abort();
      if (!shape.success) {
        s.setValidation({ errors: shapeIssues(shape.error, graph), warnings: [] });
        return;
      }
      const ctrl = new AbortController();
      inflight = ctrl;
      validateGraph(s.workflowId, shape.data, ctrl.signal)
        .then((result) => {
          if (!ctrl.signal.aborted) store.getState().setValidation(result);
        })
        .catch(() => {
          // A failed or cancelled check keeps the previous markers; the next edit retries.
        });
    };
    run();
    const unsubscribe = store.subscribe((s, prev) => {
      if (sameContent(s, prev)) return;
      clearTimeout(timer);
      timer = setTimeout(run, VALIDATE_DEBOUNCE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
      inflight?.abort();
    };
  }, [store]);
}

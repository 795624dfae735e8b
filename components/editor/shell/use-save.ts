"use client";
import { useCallback, useRef, useState } from "react";
import { graphSchema } from "@/engine/graph/schema";
import { ApiError } from "@/lib/client/http";
import { getWorkflow, updateWorkflow } from "@/lib/client/workflows";
import { flowToGraph } from "../graph-mapping";
import { useEditorStoreApi } from "../store/editor-context";

export type SaveStatus = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; version: number } | { kind: "error"; message: string };

/** A refused save because someone else saved first; `currentVersion` is theirs. */
export interface SaveConflict {
  currentVersion: number;
  /** The note of the refused save, kept for an overwrite. */
  note?: string;
}

function conflictVersion(err: ApiError): number | null {
  const v = (err.details as { current_version?: unknown } | undefined)?.current_version;
  return typeof v === "number" ? v : null;
}

/**
 * Saving with optimistic concurrency: PUT with the version the canvas is based on; a 409
 * opens a conflict the person resolves by reloading theirs or overwriting (re-basing, with
 * the refused save's note).
 */
export function useSave() {
  const store = useEditorStoreApi();
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const busy = useRef(false);

  const put = useCallback(
    async (baseVersion?: number, note?: string): Promise<boolean> => {
      if (busy.current) return false;
      const s = store.getState();
      const graph = flowToGraph(s.nodes, s.edges, s.settings);
      if (!graphSchema.safeParse(graph).success) {
        setStatus({ kind: "error", message: "Fix the highlighted fields before saving." });
        return false;
      }
      busy.current = true;
      setStatus({ kind: "saving" });
      try {
        const saved = await updateWorkflow(s.workflowId, { name: s.name, graph, base_version: baseVersion ?? s.version, ...(note?.trim() ? { note: note.trim() } : {}) });
        store.getState().markSaved({ version: saved.version, name: s.name, nodes: s.nodes, edges: s.edges });
        setConflict(null);
        setStatus({ kind: "saved", version: saved.version });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          setConflict({ currentVersion: conflictVersion(err) ?? s.version + 1, note });
          setStatus({ kind: "idle" });
        } else setStatus({ kind: "error", message: err instanceof Error ? err.message : "Save failed" });
        return false;
      } finally {
        busy.current = false;
      }
    },
    [store],
  );

  /** Saves the canvas, with the saver's note on the new version when given. */
  const save = useCallback((note?: string) => put(undefined, note), [put]);
  const overwrite = useCallback(() => (conflict ? put(conflict.currentVersion, conflict.note) : Promise.resolve(false)), [put, conflict]);
  const reloadFromServer = useCallback(async () => {
    const wf = await getWorkflow(store.getState().workflowId);
    store.getState().reload(wf);
    setConflict(null);
    setStatus({ kind: "idle" });
  }, [store]);
  const dismissConflict = useCallback(() => setConflict(null), []);

  return { status, conflict, save, overwrite, reloadFromServer, dismissConflict };
}

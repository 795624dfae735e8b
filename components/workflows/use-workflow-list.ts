"use client";
import { useCallback, useEffect, useState } from "react";
import type { WorkflowSummary } from "@/lib/client/types";
import { listWorkflows } from "@/lib/client/workflows";

export type ListState = { kind: "loading" } | { kind: "ready"; items: WorkflowSummary[]; nextCursor: string | null } | { kind: "error"; message: string };

/** The home page's workflow list, with a refresh after each change and "load more" paging. */
export function useWorkflowList() {
  const [state, setState] = useState<ListState>({ kind: "loading" });
  const refresh = useCallback(async () => {
    try {
      const page = await listWorkflows({ limit: 100 });
      setState({ kind: "ready", items: page.items, nextCursor: page.next_cursor });
    } catch (err) {
      setState({ kind: "error", message: err instanceof Error ? err.message : "Could not load workflows" });
    }
  }, []);
  const loadMore = useCallback(async () => {
    if (state.kind !== "ready" || !state.nextCursor) return;
    const page = await listWorkflows({ limit: 100, cursor: state.nextCursor });
    setState({ kind: "ready", items: [...state.items, ...page.items], nextCursor: page.next_cursor });
  }, [state]);
  useEffect(() => {
    let live = true;
    listWorkflows({ limit: 100 })
      .then((page) => live && setState({ kind: "ready", items: page.items, nextCursor: page.next_cursor }))
      .catch((err) => live && setState({ kind: "error", message: err instanceof Error ? err.message : "Could not load workflows" }));
    return () => {
      live = false;
    };
  }, []);
  return { state, refresh, loadMore };
}

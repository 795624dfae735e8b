"use client";
import { useCallback, useEffect, useState } from "react";
import type { WorkflowSummary } from "@/lib/client/types";
import { listWorkflows } from "@/lib/client/workflows";

export type ListState = { kind: "loading" } | { kind: "ready"; items: WorkflowSummary[]; nextCursor: string | null } | { kind: "error"; message: string };

const PAGE = 100;
const message = (err: unknown) => (err instanceof Error ? err.message : "Could not load workflows");

/**
 * The home page's workflow list for a search (`""`: all), with a refresh after each change
 * and "load more" paging. A new search keeps the rows on screen until its answer arrives,
 * and an answer to an older search is dropped.
 */
export function useWorkflowList(query: string) {
  const [state, setState] = useState<ListState>({ kind: "loading" });
  const fetchPage = useCallback((cursor?: string) => listWorkflows({ limit: PAGE, cursor, q: query || undefined }), [query]);
  const refresh = useCallback(async () => {
    try {
      const page = await fetchPage();
      setState({ kind: "ready", items: page.items, nextCursor: page.next_cursor });
    } catch (err) {
      setState({ kind: "error", message: message(err) });
    }
  }, [fetchPage]);
  const loadMore = useCallback(async () => {
    if (state.kind !== "ready" || !state.nextCursor) return;
    const page = await fetchPage(state.nextCursor);
    setState({ kind: "ready", items: [...state.items, ...page.items], nextCursor: page.next_cursor });
  }, [state, fetchPage]);
  useEffect(() => {
    let live = true;
    fetchPage()
      .then((page) => live && setState({ kind: "ready", items: page.items, nextCursor: page.next_cursor }))
      .catch((err) => live && setState({ kind: "error", message: message(err) }));
    return () => {
      live = false;
    };
  }, [fetchPage]);
  return { state, refresh, loadMore };
}

/** `value`, once it has held still for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

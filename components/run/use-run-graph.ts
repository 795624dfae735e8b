"use client";
import { useEffect, useState } from "react";
import type { Graph } from "@/engine/graph/schema";
import { getVersion } from "@/lib/client/history-api";

/** The graph of the version a run executed (null until loaded or when it is gone). */
export function useRunGraph(workflowId: string | undefined, version: number | undefined): Graph | null {
  const [graph, setGraph] = useState<{ key: string; graph: Graph } | null>(null);
  const key = `${workflowId}@${version}`;
  useEffect(() => {
    if (!workflowId || version === undefined) return;
    let live = true;
    getVersion(workflowId, version)
      .then((v) => live && setGraph({ key: `${workflowId}@${version}`, graph: v.graph }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workflowId, version]);
  return graph?.key === key ? graph.graph : null;
}

"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { getVersion, listVersions } from "@/lib/client/history-api";
import type { VersionDetail, VersionSummary } from "@/lib/client/run-types";

/** A workflow's versions newest first, and each version's graph fetched once on demand. */
export function useVersions(workflowId: string) {
  const [versions, setVersions] = useState<VersionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<Record<number, VersionDetail>>({});
  const asked = useRef(new Set<number>());
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    listVersions(workflowId)
      .then((p) => live && setVersions(p.items))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load versions"));
    return () => {
      live = false;
    };
  }, [workflowId, tick]);

  const need = useCallback(
    (version: number | null) => {
      if (version === null || asked.current.has(version)) return;
      asked.current.add(version);
      getVersion(workflowId, version)
        .then((d) => setDetails((prev) => ({ ...prev, [version]: d })))
        .catch((err: unknown) => setError(err instanceof Error ? err.message : "Could not load the version"));
    },
    [workflowId],
  );

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { versions, details, need, error, reload };
}

"use client";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/http";
import { getRun } from "@/lib/client/runs";
import type { Run } from "@/lib/client/types";

const TERMINAL = new Set(["completed", "failed"]);

export type RunLoad = { kind: "loading" } | { kind: "ready"; run: Run } | { kind: "missing" } | { kind: "error"; message: string };

/** Polls GET /api/runs/{id} every second until the run is completed or failed. */
export function useRunPolling(id: string, intervalMs = 1000): RunLoad {
  const [load, setLoad] = useState<RunLoad>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ctrl = new AbortController();
    const tick = async () => {
      try {
        const run = await getRun(id, ctrl.signal);
        if (!live) return;
        setLoad({ kind: "ready", run });
        if (!TERMINAL.has(run.status)) timer = setTimeout(tick, intervalMs);
      } catch (err) {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) setLoad({ kind: "missing" });
        else {
          setLoad((prev) => (prev.kind === "ready" ? prev : { kind: "error", message: err instanceof Error ? err.message : "Could not load the run" }));
          timer = setTimeout(tick, intervalMs);
        }
      }
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [id, intervalMs]);
  return load;
}

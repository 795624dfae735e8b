"use client";
import { useCallback, useEffect, useState } from "react";
import { listApprovalItems } from "@/lib/client/run-api";
import type { ApprovalView } from "@/lib/client/run-types";
import { onDecision } from "./decisions";

/**
 * The gates the signed-in person may approve now (the server filters them), re-read every
 * `intervalMs`, on demand, and at once after a decision made anywhere in the app: the run
 * decided leaves the list straight away, then the list is read again.
 */
export function useApprovals(intervalMs = 5000): { items: ApprovalView[] | null; error: string | null; reload: () => void } {
  const [items, setItems] = useState<ApprovalView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(
    () =>
      onDecision((runId) => {
        setItems((prev) => prev && prev.filter((a) => a.run_id !== runId));
        reload();
      }),
    [reload],
  );
  useEffect(() => {
    let live = true;
    const read = () =>
      listApprovalItems()
        .then((page) => {
          if (!live) return;
          setItems(page.items);
          setError(null);
        })
        .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load approvals"));
    void read();
    const t = setInterval(read, intervalMs);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [intervalMs, tick]);
  return { items, error, reload };
}

"use client";
import { useCallback, useEffect, useState } from "react";
import { listApprovalItems } from "@/lib/client/run-api";
import type { ApprovalView } from "@/lib/client/run-types";

/** Runs waiting at a gate, re-read every `intervalMs` and on demand (after a decision). */
export function useApprovals(intervalMs = 5000): { items: ApprovalView[] | null; error: string | null; reload: () => void } {
  const [items, setItems] = useState<ApprovalView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
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

"use client";
import { useEffect, useState } from "react";
import { getCheckpoint, listCheckpoints } from "@/lib/client/run-api";
import type { CheckpointHead, CheckpointView } from "@/lib/client/run-types";
import { JsonView } from "./json-view";

/**
 * Time travel: the run's checkpoints, and the state as it stood at the chosen one (the
 * latest until one is chosen). The list carries no states; only the chosen one is read.
 */
export function CheckpointsPanel({ runId, refreshKey }: { runId: string; refreshKey: number }) {
  const [items, setItems] = useState<CheckpointHead[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [shown, setShown] = useState<CheckpointView | null>(null);
  useEffect(() => {
    let live = true;
    listCheckpoints(runId)
      .then((page) => live && setItems(page.items))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load checkpoints"));
    return () => {
      live = false;
    };
  }, [runId, refreshKey]);
  const seq = chosen ?? items?.[items.length - 1]?.seq ?? null;
  useEffect(() => {
    if (seq === null) return;
    let live = true;
    getCheckpoint(runId, seq)
      .then((cp) => live && setShown(cp))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load the checkpoint"));
    return () => {
      live = false;
    };
  }, [runId, seq]);
  if (error) return <p className="text-xs text-red-700">{error}</p>;
  if (!items) return <p className="text-xs text-slate-400">Loading checkpoints…</p>;
  return (
    <div className="space-y-3" data-testid="checkpoints">
      <ol className="max-h-56 space-y-0.5 overflow-y-auto">
        {items.map((c) => (
          <li key={c.seq}>
            <button
              type="button"
              onClick={() => setChosen(c.seq)}
              data-testid="checkpoint-item"
              className={`flex w-full items-center justify-between rounded px-2 py-1 text-left text-xs ${c.seq === seq ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-50"}`}
            >
              <span className="font-mono">
                <span className="mr-2 text-slate-400">#{c.seq}</span>
                {c.step_name}
              </span>
              <span className="text-[10px] text-slate-400">{new Date(c.created_at).toLocaleTimeString()}</span>
            </button>
          </li>
        ))}
      </ol>
      {shown && shown.seq === seq ? (
        <div className="space-y-2">
          <p className="text-xs text-slate-500">
            Completed so far: <span className="font-mono text-slate-700">{shown.completed.join(", ") || "none"}</span>
          </p>
          <JsonView value={shown.state} testId="checkpoint-state" />
        </div>
      ) : (
        seq !== null && <p className="text-xs text-slate-400">Loading checkpoint…</p>
      )}
    </div>
  );
}

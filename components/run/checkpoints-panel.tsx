"use client";
import { useEffect, useState } from "react";
import { listCheckpoints } from "@/lib/client/run-api";
import type { CheckpointView } from "@/lib/client/run-types";
import { JsonView } from "./json-view";

/** Time travel: every checkpoint of the run, and the state as it stood at the chosen one. */
export function CheckpointsPanel({ runId, refreshKey }: { runId: string; refreshKey: number }) {
  const [items, setItems] = useState<CheckpointView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    listCheckpoints(runId)
      .then((page) => live && setItems(page.items))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load checkpoints"));
    return () => {
      live = false;
    };
  }, [runId, refreshKey]);
  if (error) return <p className="text-xs text-red-700">{error}</p>;
  if (!items) return <p className="text-xs text-slate-400">Loading checkpoints…</p>;
  const cp = items.find((c) => c.seq === chosen) ?? items[items.length - 1];
  return (
    <div className="space-y-3" data-testid="checkpoints">
      <ol className="max-h-56 space-y-0.5 overflow-y-auto">
        {items.map((c) => (
          <li key={c.seq}>
            <button
              type="button"
              onClick={() => setChosen(c.seq)}
              data-testid="checkpoint-item"
              className={`flex w-full items-center justify-between rounded px-2 py-1 text-left text-xs ${c.seq === cp?.seq ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-50"}`}
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
      {cp && (
        <div className="space-y-2">
          <p className="text-xs text-slate-500">
            Completed so far: <span className="font-mono text-slate-700">{cp.completed.join(", ") || "none"}</span>
          </p>
          <JsonView value={cp.state} testId="checkpoint-state" />
        </div>
      )}
    </div>
  );
}

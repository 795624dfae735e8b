"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { getCheckpoint, listCheckpoints } from "@/lib/client/run-api";
import type { CheckpointHead, CheckpointView } from "@/lib/client/run-types";
import { count } from "@/components/ui/format";
import { ShowMore } from "@/components/ui/show-more";
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
  const list = useRef<HTMLOListElement>(null);
  // The latest checkpoint is chosen at first, at the bottom of a list that opens at its top:
  // keep the chosen one in view (the list scrolls, not the page).
  useLayoutEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>("[aria-current='true']");
    if (!box || !item) return;
    if (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = item.offsetTop - box.clientHeight / 2;
    }
  }, [seq, items]);
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
  if (!items) return <p className="text-xs text-slate-500">Loading checkpoints…</p>;
  return (
    <div className="space-y-3" data-testid="checkpoints">
      <ol ref={list} className="relative max-h-56 space-y-0.5 overflow-y-auto" data-testid="checkpoint-list">
        {items.map((c) => (
          <li key={c.seq}>
            <button
              type="button"
              onClick={() => setChosen(c.seq)}
              aria-current={c.seq === seq}
              data-testid="checkpoint-item"
              className={`flex w-full items-center justify-between rounded px-2 py-1 text-left text-xs ${c.seq === seq ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-50"}`}
            >
              <span className="font-mono">
                <span className="mr-2 text-slate-500">#{c.seq}</span>
                {c.step_name}
              </span>
              <span className="text-[10px] text-slate-500">{new Date(c.created_at).toLocaleTimeString()}</span>
            </button>
          </li>
        ))}
      </ol>
      {shown && shown.seq === seq ? (
        <div className="space-y-2">
          <h3 className="text-xs font-medium text-slate-700" data-testid="checkpoint-shown">
            State at <span className="font-mono">#{shown.seq} {shown.step_name}</span>
          </h3>
          <CompletedNodes ids={shown.completed} key={shown.seq} />
          <JsonView value={shown.state} testId="checkpoint-state" />
        </div>
      ) : (
        seq !== null && <p className="text-xs text-slate-500">Loading checkpoint…</p>
      )}
    </div>
  );
}

/** Past this many, the completed nodes are listed as a count and the latest few until asked for all. */
const COMPLETED_SHOWN = 30;

/** The nodes completed at a checkpoint, in completion order. */
function CompletedNodes({ ids }: { ids: readonly string[] }) {
  const [all, setAll] = useState(false);
  const hidden = all ? 0 : Math.max(0, ids.length - COMPLETED_SHOWN);
  return (
    <p className="text-xs text-slate-500" data-testid="checkpoint-completed">
      Completed so far{ids.length > COMPLETED_SHOWN ? ` (${count(ids.length)})` : ""}:{" "}
      <span className="font-mono text-slate-700">
        {hidden > 0 && "… "}
        {ids.slice(hidden).join(", ") || "none"}
      </span>
      {hidden > 0 && <ShowMore label="show all" onClick={() => setAll(true)} />}
    </p>
  );
}

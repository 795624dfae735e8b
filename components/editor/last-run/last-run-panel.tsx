"use client";
import { Panel } from "@xyflow/react";
import Link from "next/link";
import { StatusBadge } from "@/components/ui/status-badge";
import { useEditorLayout } from "../shell/editor-layout";
import { useLastRun } from "./last-run-context";

/** Render inside `<ReactFlow>`: the "Last run" switch, and which run it shows (or that there is none). */
export function LastRunPanel() {
  const on = useEditorLayout((s) => s.lastRun);
  const setLastRun = useEditorLayout((s) => s.setLastRun);
  const find = useLastRun((s) => s.find);
  const status = useLastRun((s) => s.status);
  return (
    <Panel position="top-left" className="!m-3">
      <div className="flex max-w-64 flex-col gap-1.5 rounded-lg bg-panel/95 px-3 py-2 text-xs shadow-sm ring-1 ring-slate-200" data-testid="last-run-panel">
        <button
          type="button"
          aria-pressed={on}
          onClick={() => setLastRun(!on)}
          className="flex items-center gap-2 rounded font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          title="Show each node's status and output from the workflow's most recent run"
          data-testid="last-run-toggle"
        >
          <span aria-hidden className={`relative inline-flex h-4 w-7 shrink-0 rounded-full transition-colors ${on ? "bg-accent" : "bg-slate-300"}`}>
            <span className={`absolute top-0.5 size-3 rounded-full bg-white shadow transition-transform ${on ? "translate-x-3.5" : "translate-x-0.5"}`} />
          </span>
          Last run
        </button>
        {on && (
          <div className="text-slate-600" data-testid="last-run-state" aria-live="polite">
            {find.kind === "finding" && "Loading the last run…"}
            {find.kind === "none" && <span data-testid="last-run-none">No runs yet: run the workflow to see each node&apos;s status here.</span>}
            {find.kind === "error" && <span className="text-red-700">{find.message}</span>}
            {find.kind === "run" && (
              <span className="flex items-center gap-2">
                {status && <StatusBadge status={status} testId="last-run-status" />}
                <Link href={`/runs/${find.id}`} className="truncate font-mono text-brand-700 hover:underline" title="Open the run page">
                  {find.id}
                </Link>
              </span>
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}

"use client";
import { JsonView } from "@/components/run/json-view";
import { StatusBadge } from "@/components/ui/status-badge";
import { useEditorLayout } from "../shell/editor-layout";
import { useLastRun } from "./last-run-context";
import { badgeWord } from "./last-run-view";

/** In the inspector, while "Last run" is on: what the selected node did in that run, its output as JSON. */
export function LastRunOutput({ nodeId }: { nodeId: string }) {
  const on = useEditorLayout((s) => s.lastRun);
  const shown = useLastRun((s) => s.find.kind === "run");
  const step = useLastRun((s) => s.byNode[nodeId]);
  if (!on || !shown) return null;
  return (
    <section className="space-y-2 rounded-md bg-slate-50 p-2.5 ring-1 ring-slate-200" aria-labelledby={`last-run-${nodeId}`} data-testid="last-run-output">
      <h3 id={`last-run-${nodeId}`} className="flex items-center gap-2 text-xs font-medium text-slate-600">
        In the last run
        {step && <StatusBadge status={badgeWord(step.status)} testId="last-run-output-status" />}
      </h3>
      {!step ? (
        <p className="text-xs text-slate-500">This node did not run.</p>
      ) : (
        <>
          {step.error && <p className="text-xs text-red-700">{step.error}</p>}
          {step.output !== undefined && step.output !== null ? <JsonView value={step.output} testId="last-run-output-json" /> : <p className="text-xs text-slate-500">No output yet.</p>}
        </>
      )}
    </section>
  );
}

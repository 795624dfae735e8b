"use client";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StepStatus } from "@/lib/client/types";
import { ReadOnlyCanvas, type NodeMark } from "@/components/history/read-only-canvas";
import { useDocumentTitle } from "@/components/ui/use-document-title";
import { CheckpointsPanel } from "./checkpoints-panel";
import { GatePanel } from "./gate-panel";
import { JsonView } from "./json-view";
import { RunHeader } from "./run-header";
import { isLive, nodeStatuses, orderedSteps, stepTotals } from "./run-state";
import { RunTimeline } from "./run-timeline";
import { NODE_STATUS_CLASS } from "./status-icon";
import { StepDetail } from "./step-detail";
import { useNow } from "./use-now";
import { useRunGraph } from "./use-run-graph";
import { useRunStream } from "./use-run-stream";

type Tab = "step" | "checkpoints" | "output";

/** Tailwind's `lg`: from here the page has two columns (see the grid below). */
const WIDE_LAYOUT = "(min-width: 64rem)";

/** The live run page: header, canvas coloured by status, Gantt timeline and an inspector. */
export function RunPage({ id }: { id: string }) {
  const { load, connection, follow, loadStepInput } = useRunStream(id);
  const state = load.kind === "ready" ? load.state : null;
  const run = state?.run;
  const graph = useRunGraph(run?.workflow_id, run?.workflow_version);
  const steps = useMemo(() => (state ? orderedSteps(state) : []), [state]);
  const now = useNow(!!run && isLive(run.status));
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("step");
  // The status first: a run watched from a background tab shows where it is.
  useDocumentTitle(run ? `${capitalize(run.status)} · ${run.workflow_name ?? "Run"}` : null);

  const labels = useMemo(() => Object.fromEntries((graph?.nodes ?? []).map((n) => [n.id, n.config.label?.trim() || n.id])), [graph]);
  // Keyed by value: a state change that moves no node's status (a step's input loading,
  // a cost update) keeps the same marks, and the canvas does not render again.
  const statusKey = useMemo(() => JSON.stringify(nodeStatuses(steps)), [steps]);
  const marks = useMemo(() => {
    const out: Record<string, NodeMark> = {};
    for (const [node, s] of Object.entries(JSON.parse(statusKey) as Record<string, StepStatus>)) out[node] = { className: NODE_STATUS_CLASS[s], mark: s };
    return out;
  }, [statusKey]);
  const selectedStep = steps.find((s) => s.id === selected) ?? null;
  const needsInput = selectedStep !== null && selectedStep.input === undefined ? selectedStep.id : null;
  useEffect(() => {
    // Shown as "Loading…" until it comes; a failed load is retried when the step is opened again.
    if (needsInput) loadStepInput(needsInput).catch(() => {});
  }, [needsInput, loadStepInput]);
  // Stable handlers, so the memoized timeline rows and canvas skip renders a selection does not concern.
  const detailRef = useRef<HTMLElement>(null);
  const selectStep = useCallback((stepId: string) => {
    setSelected(stepId);
    setTab("step");
    // In the one-column layout the detail sits below the timeline: bring it into view.
    if (!window.matchMedia(WIDE_LAYOUT).matches) requestAnimationFrame(() => detailRef.current?.scrollIntoView({ block: "start", behavior: "smooth" }));
  }, []);
  const selectNode = useCallback(
    (nodeId: string) => {
      const last = steps.findLast((s) => s.node_id === nodeId);
      if (last) selectStep(last.id);
    },
    [steps, selectStep],
  );

  if (load.kind === "loading") return <p className="p-10 text-sm text-slate-500">Loading run…</p>;
  if (load.kind === "missing")
    return (
      <p className="p-10 text-sm text-slate-500" data-testid="run-missing">
        This run does not exist.{" "}
        <Link href="/runs" className="text-brand-600 hover:underline">
          All runs
        </Link>
      </p>
    );
  if (load.kind === "error" || !state || !run) return <p className="p-10 text-sm text-red-700">{load.kind === "error" ? load.message : ""}</p>;

  const totals = stepTotals(steps);
  const running = steps.filter((s) => s.status === "running" && state.deltas[s.id]);
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="run-view">
      <RunHeader run={run} totals={totals} now={now} connection={connection} onRevived={follow} />
      {/*
        Wide screens: the canvas and timeline on the left, the gate and the step's detail in a
        column on the right. Narrower than `lg` one column scrolls as a whole, the gate first
        (a reviewer on a phone comes for it), then the canvas and timeline, then the detail.
      */}
      <div className="grid min-h-0 flex-1 grid-cols-1 overflow-y-auto lg:grid-cols-[minmax(0,1fr)_400px] lg:grid-rows-[auto_minmax(0,1fr)] lg:overflow-hidden">
        {run.pending_gate && run.status === "paused" && (
          <div className="border-b border-slate-200 bg-panel p-4 lg:col-start-2 lg:row-start-1 lg:border-l">
            <GatePanel runId={run.id} gate={run.pending_gate} label={labels[run.pending_gate.node_id] ?? run.pending_gate.node_id} onDecided={follow} />
          </div>
        )}
        <div className="min-w-0 space-y-3 p-4 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:min-h-0 lg:overflow-y-auto">
          {run.status === "failed" && run.error_message && (
            <p className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200" role="alert" data-testid="run-error">
              {run.error_message}
            </p>
          )}
          <div className="h-56 overflow-hidden rounded-lg bg-panel ring-1 ring-slate-200 sm:h-72">
            {graph ? <ReadOnlyCanvas graph={graph} nodeMarks={marks} onNodeClick={selectNode} testId="run-canvas" /> : <p className="p-4 text-xs text-slate-500">Loading graph…</p>}
          </div>
          {running.map((s) => (
            <div key={s.id} className="rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs whitespace-pre-wrap text-slate-100" data-testid="run-stream">
              <div className="mb-1 text-[10px] text-slate-500 uppercase">{labels[s.node_id] ?? s.node_id} · streaming</div>
              {state.deltas[s.id]}
              <span className="animate-pulse">▍</span>
            </div>
          ))}
          <RunTimeline run={run} steps={steps} labels={labels} now={now} selectedId={selected} onSelect={selectStep} />
        </div>
        <aside ref={detailRef} className="flex min-h-72 flex-col border-t border-slate-200 bg-panel lg:col-start-2 lg:row-start-2 lg:min-h-0 lg:border-t-0 lg:border-l">
          <nav className="flex gap-1 border-b border-slate-200 px-3 pt-2 text-xs font-medium">
            {(["step", "checkpoints", "output"] as const).map((t) => (
              <button
                key={t}
                type="button"
                onClick={() => setTab(t)}
                data-testid={`run-tab-${t}`}
                className={`rounded-t-md px-3 py-1.5 capitalize ${tab === t ? "border-b-2 border-brand-600 text-brand-700" : "text-slate-500 hover:text-slate-800"}`}
              >
                {t === "step" ? "Step" : t}
              </button>
            ))}
          </nav>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            {tab === "step" &&
              (selectedStep ? (
                <StepDetail step={selectedStep} label={labels[selectedStep.node_id] ?? selectedStep.node_id} streamed={state.deltas[selectedStep.id]} />
              ) : (
                <p className="text-xs text-slate-500">Select a step on the timeline or a node on the canvas to see its input, output and error.</p>
              ))}
            {tab === "checkpoints" && <CheckpointsPanel runId={run.id} refreshKey={state.lastSeq} />}
            {tab === "output" &&
              (run.status === "completed" ? <JsonView value={run.output} testId="run-output" /> : <p className="text-xs text-slate-500">The output appears when the run completes.</p>)}
          </div>
        </aside>
      </div>
    </div>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

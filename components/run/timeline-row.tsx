"use client";
import { memo, useEffect } from "react";
import { duration, usd } from "@/components/ui/format";
import type { StepView } from "@/lib/client/run-types";
import { barOf } from "./run-state";
import { StatusIcon } from "./status-icon";

/**
 * The timeline's columns (header and rows): status, step, bar, tokens, cost, time. Below
 * `sm` (phones) tokens and cost give their width to the bar; the step's detail has them.
 */
export const TIMELINE_COLUMNS = "grid-cols-[24px_minmax(0,110px)_minmax(0,1fr)_56px] sm:grid-cols-[28px_minmax(0,190px)_minmax(0,1fr)_84px_92px_60px]";

/** Classes of the tokens and cost cells: shown from `sm` up. */
export const WIDE_ONLY = "hidden sm:block";

const BAR: Record<string, string> = {
  running: "bg-sky-400 animate-pulse",
  waiting: "bg-amber-400",
  completed: "bg-emerald-500",
  failed: "bg-red-500",
  skipped: "bg-slate-300",
  pending: "bg-slate-300",
};

declare global {
  interface Window {
    /** When each settled step was first rendered (epoch ms), for the UI latency benchmark. */
    __stepRenderedAt?: Record<string, number>;
  }
}

const SETTLED = new Set(["completed", "failed", "skipped", "waiting"]);

/**
 * One step on the timeline: status, node, its bar on the shared axis, tokens, cost, duration.
 * Rows out of view skip style and layout (`content-visibility: auto`), so a run of thousands
 * of steps lays out only the rows on screen when its axis moves.
 */
export const TimelineRow = memo(function TimelineRow({
  step,
  label,
  axisStart,
  now,
  selected,
  onSelect,
}: {
  step: StepView;
  label: string;
  /** The axis start (epoch ms); the span is the `--axis-span` CSS variable the timeline sets. */
  axisStart: number;
  /** The clock, for a step still growing (0 for the others, so a tick does not render them). */
  now: number;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const settled = SETTLED.has(step.status);
  useEffect(() => {
    if (!settled) return;
    const marks = (window.__stepRenderedAt ??= {});
    marks[step.id] ??= performance.timeOrigin + performance.now();
  }, [settled, step.id]);
  const bar = barOf(step, axisStart, now);
  const live = step.status === "running" && step.started_at ? now - Date.parse(step.started_at) : null;
  return (
    <button
      type="button"
      onClick={() => onSelect(step.id)}
      data-testid="step-row"
      data-node-id={step.node_id}
      data-status={step.status}
      aria-pressed={selected}
      className={`grid w-full [contain-intrinsic-size:auto_42px] [content-visibility:auto] ${TIMELINE_COLUMNS} items-center gap-2 border-b border-slate-100 px-3 py-1.5 text-left text-xs hover:bg-slate-50 ${selected ? "bg-brand-50 hover:bg-brand-50" : ""}`}
    >
      <span className="flex items-center gap-1 text-slate-500">
        <StatusIcon status={step.status} />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-800">{label}</span>
        <span className="block truncate text-[10px] text-slate-500">
          {step.node_type} · #{step.seq}
          {step.attempt > 1 ? ` · attempt ${step.attempt}` : ""}
        </span>
      </span>
      <span className="relative h-4 overflow-hidden rounded bg-slate-100/70" data-testid="step-track">
        {bar && (
          <span
            className={`absolute inset-y-0 rounded ${BAR[step.status] ?? BAR.pending}`}
            data-testid="step-bar"
            // At least 3px wide, and a short last step keeps its 3px inside the track.
            style={{ left: `min(calc(${bar.offset} / var(--axis-span) * 100%), calc(100% - 3px))`, width: `max(3px, calc(${bar.length} / var(--axis-span) * 100%))` }}
          />
        )}
      </span>
      <span className={`${WIDE_ONLY} text-right font-mono text-[11px] text-slate-500`} data-testid="step-tokens">
        {step.tokens_in || step.tokens_out ? `${step.tokens_in ?? 0}/${step.tokens_out ?? 0}` : "—"}
      </span>
      <span className={`${WIDE_ONLY} text-right font-mono text-[11px] text-slate-600`} data-testid="step-cost">
        {step.cost_usd ? usd(step.cost_usd) : "—"}
      </span>
      <span className="text-right font-mono text-[11px] text-slate-500">{duration(step.duration_ms ?? live)}</span>
    </button>
  );
});

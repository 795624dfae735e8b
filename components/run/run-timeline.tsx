"use client";
import type { CSSProperties } from "react";
import { duration } from "@/components/ui/format";
import type { RunSummary, StepView } from "@/lib/client/run-types";
import { growsWithClock, timeAxis } from "./run-state";
import { TIMELINE_COLUMNS, TimelineRow, WIDE_ONLY } from "./timeline-row";

/** The axis labels the column has room for (a container query): both ends always, the middle from 12rem, the quarters from 20rem. */
const AXIS_TICKS = [
  { at: 0, className: "" },
  { at: 0.25, className: "hidden @min-[20rem]:inline" },
  { at: 0.5, className: "hidden @min-[12rem]:inline" },
  { at: 0.75, className: "hidden @min-[20rem]:inline" },
  { at: 1, className: "" },
];

/**
 * The Gantt of a run: one row per step in seq order on one shared time axis. The axis span is
 * a CSS variable the bars divide by, and only steps still growing see the clock: while a run
 * is live, a tick re-renders the header and the running rows, not a thousand settled ones,
 * and a rescale of the axis (see `timeAxis`) is one style change.
 */
export function RunTimeline({
  run,
  steps,
  labels,
  now,
  selectedId,
  onSelect,
}: {
  run: RunSummary;
  steps: StepView[];
  labels: Record<string, string>;
  now: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { start, end } = timeAxis(run, steps, now);
  const span = end - start;
  return (
    <section className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200" data-testid="run-timeline" style={{ "--axis-span": span } as CSSProperties}>
      <header className={`grid ${TIMELINE_COLUMNS} items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-[10px] font-medium tracking-wide text-slate-500 uppercase`}>
        <span />
        <span>Step</span>
        <span className="@container">
          <span className="flex justify-between font-mono whitespace-nowrap normal-case">
            {AXIS_TICKS.map(({ at, className }) => (
              <span key={at} className={className}>
                {duration(Math.round(span * at))}
              </span>
            ))}
          </span>
        </span>
        <span className={`${WIDE_ONLY} text-right`}>Tokens</span>
        <span className={`${WIDE_ONLY} text-right`}>Cost</span>
        <span className="text-right">Time</span>
      </header>
      {steps.length === 0 ? (
        <p className="px-4 py-6 text-center text-xs text-slate-500">No steps yet — they appear here as the run starts them.</p>
      ) : (
        steps.map((s) => <TimelineRow key={s.id} step={s} label={labels[s.node_id] ?? s.node_id} axisStart={start} now={growsWithClock(s) ? now : 0} selected={s.id === selectedId} onSelect={onSelect} />)
      )}
    </section>
  );
}

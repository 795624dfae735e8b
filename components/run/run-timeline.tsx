"use client";
import type { CSSProperties } from "react";
import { duration } from "@/components/ui/format";
import type { RunSummary, StepView } from "@/lib/client/run-types";
import { axisTicks, growsWithClock, timeAxis } from "./run-state";
import { TIMELINE_COLUMNS, TimelineRow, WIDE_ONLY } from "./timeline-row";

/**
 * An axis label's classes: every other label (from the first) always, the rest where the
 * column is at least 16rem wide (a container query); the first starts at its time, one near
 * the end ends there, the others are centred on it.
 */
function tickClass(index: number, at: number): string {
  const shown = index % 2 === 0 ? "" : "hidden @min-[16rem]:block";
  const align = index === 0 ? "" : at > 0.85 ? "-translate-x-full" : "-translate-x-1/2";
  return `absolute top-0 ${shown} ${align}`;
}

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
    <section className="overflow-hidden rounded-lg bg-panel ring-1 ring-slate-200" data-testid="run-timeline" style={{ "--axis-span": span } as CSSProperties}>
      <header className={`grid ${TIMELINE_COLUMNS} items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-[10px] font-medium tracking-wide text-slate-500 uppercase`}>
        <span />
        <span>Step</span>
        <span className="@container">
          <span className="relative block h-3.5 font-mono whitespace-nowrap normal-case" data-testid="timeline-axis">
            {axisTicks(span).map((t, i) => (
              <span key={t} className={tickClass(i, t / span)} style={{ left: `${(t / span) * 100}%` }}>
                {duration(Math.round(t))}
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

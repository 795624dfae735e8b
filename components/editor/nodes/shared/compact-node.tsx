"use client";
import { Position } from "@xyflow/react";

/*
 * React Flow measures a node's handles by the `source`/`target` classes and the
 * `data-handleid`/`data-handlepos` attributes (that is how edges find their ends), so these
 * plain elements keep edges attached without a <Handle> component per handle: each
 * <Handle> subscribes to React Flow's store and is re-evaluated on every pan tick. They
 * are offset by margins, not transforms, so they add no paint layer of their own.
 */
const dot = "absolute size-3 -mt-1.5 rounded-full border-2 border-panel";

function StaticHandle({ type, id, top, tone }: { type: "source" | "target"; id?: string; top: string; tone: string }) {
  const side = type === "target" ? "left-0 -ml-1.5" : "right-0 -mr-1.5";
  return <div className={`${type} ${dot} ${side} ${tone}`} style={{ top }} data-handleid={id} data-handlepos={type === "target" ? Position.Left : Position.Right} />;
}

/**
 * A node zoomed far out: its frame, title and handle dots, with no shadow and no
 * interactive handles (at that zoom a handle is under two pixels wide). With a thousand
 * nodes on screen, element count and paint layers decide the cost of every frame.
 */
export function CompactNode({ id, title, ring, issues, branching }: { id: string; title: string; ring: string; issues: number; branching: boolean }) {
  return (
    <div data-testid={`node-${id}`} data-compact="" data-issues={issues} className={`relative w-60 rounded-lg bg-panel ${ring}`}>
      <div className="truncate px-3 py-5 text-2xl font-semibold text-slate-900" data-testid="node-title">
        {title}
      </div>
      <StaticHandle type="target" top="50%" tone="bg-slate-400" />
      {branching ? (
        <>
          <StaticHandle type="source" id="true" top="40%" tone="bg-emerald-500" />
          <StaticHandle type="source" id="false" top="75%" tone="bg-rose-500" />
        </>
      ) : (
        <StaticHandle type="source" top="50%" tone="bg-slate-400" />
      )}
    </div>
  );
}

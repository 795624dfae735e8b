"use client";
import { BaseEdge, EdgeLabelRenderer, type Edge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import { useEdgePath } from "@/components/editor/canvas/edge-path";

/** How a read-only edge is drawn: plain, or marked by a version comparison or a run. */
export type EdgeTone = "plain" | "added" | "removed" | "changed" | "active";

export type ToneEdgeData = { label?: string; tone?: EdgeTone };
export type ToneEdge = Edge<ToneEdgeData, "tone">;

const STROKE: Record<EdgeTone, string> = {
  plain: "var(--color-slate-400)",
  added: "var(--color-emerald-500)",
  removed: "var(--color-red-500)",
  changed: "var(--color-amber-500)",
  active: "var(--color-sky-500)",
};

/** An edge for read-only canvases: its label, and a colour that says how it changed. */
export const ToneEdgeView = memo(function ToneEdgeView(props: EdgeProps<ToneEdge>) {
  const { id, data } = props;
  const [path, labelX, labelY] = useEdgePath(props);
  const tone = data?.tone ?? "plain";
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        style={{ stroke: STROKE[tone], strokeWidth: tone === "plain" ? 1.75 : 2.5, strokeDasharray: tone === "removed" ? "6 4" : undefined }}
      />
      {data?.label && (
        <EdgeLabelRenderer>
          <div
            className="nodrag nopan absolute rounded-full bg-panel px-2 py-0.5 text-[10px] font-semibold text-slate-600 ring-1 ring-slate-200"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {data.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

export const toneEdgeTypes = { tone: ToneEdgeView };

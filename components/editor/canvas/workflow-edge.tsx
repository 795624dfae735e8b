"use client";
import { BaseEdge, EdgeLabelRenderer, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { WorkflowEdge } from "../flow-types";
import { useEditorStore } from "../store/editor-context";
import { useEdgePath } from "./edge-path";

const LABEL_TONE: Record<string, string> = {
  true: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  false: "bg-rose-50 text-rose-700 ring-rose-200",
};

/** An edge with its label (or condition value) and its validation marker. */
export const WorkflowEdgeView = memo(function WorkflowEdgeView(props: EdgeProps<WorkflowEdge>) {
  const { id, data, selected, markerEnd } = props;
  const issues = useEditorStore((s) => s.issues.byEdge[id]);
  const [path, labelX, labelY] = useEdgePath(props);
  const error = issues?.some((i) => i.severity === "error");
  const stroke = selected ? "var(--color-brand-500)" : error ? "var(--color-red-400)" : issues ? "var(--color-amber-500)" : "var(--color-slate-400)";
  const text = data?.label || data?.condition_value;
  const tone = LABEL_TONE[(text ?? "").toLowerCase()] ?? "bg-panel text-slate-600 ring-slate-200";
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={{ stroke, strokeWidth: selected ? 2.5 : 1.75 }} />
      {(text || issues) && (
        <EdgeLabelRenderer>
          <div
            data-testid={`edge-label-${id}`}
            title={issues?.map((i) => i.message).join("\n")}
            className={`nodrag nopan pointer-events-auto absolute rounded-full px-2 py-0.5 text-[10px] font-semibold ring-1 ${tone} ${issues ? "outline-2 outline-amber-300" : ""}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {text || "!"}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

/** React Flow's edge view map, at module level so it never changes identity. */
export const edgeTypes = { workflow: WorkflowEdgeView };

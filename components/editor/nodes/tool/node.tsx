"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { WorkflowNodeOf } from "../../flow-types";
import { NodeShell } from "../shared/node-shell";

/** Tool on the canvas: the tool name and how many params it sets. */
export const ToolNodeView = memo(function ToolNodeView({ id, data, selected }: NodeProps<WorkflowNodeOf<"tool">>) {
  const c = data.config;
  const count = Object.keys(c.params ?? {}).length;
  return (
    <NodeShell id={id} type="tool" label={c.label} selected={selected}>
      <div className="flex items-center justify-between gap-2">
        <span className="truncate rounded bg-amber-50 px-1.5 py-0.5 font-mono text-[11px] text-amber-800">{c.tool || "no tool"}</span>
        <span className="shrink-0 text-[11px] text-slate-500">{count === 1 ? "1 param" : `${count} params`}</span>
      </div>
    </NodeShell>
  );
});

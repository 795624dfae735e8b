"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { WorkflowNodeOf } from "../../flow-types";
import { clip } from "../kind";
import { NodeShell } from "../shared/node-shell";

/** Loop on the canvas: its expression and iteration cap. */
export const LoopNodeView = memo(function LoopNodeView({ id, data, selected }: NodeProps<WorkflowNodeOf<"loop">>) {
  const c = data.config;
  return (
    <NodeShell id={id} type="loop" label={c.label} selected={selected}>
      <code className="block truncate font-mono text-[11px] text-emerald-800">{clip(c.expression, 34) || "no expression"}</code>
      <span className="text-[11px] text-slate-500">at most {c.max_iterations ?? 10}×</span>
    </NodeShell>
  );
});

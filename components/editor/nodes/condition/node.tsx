"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { WorkflowNodeOf } from "../../flow-types";
import { clip } from "../kind";
import { NodeShell } from "../shared/node-shell";

/** Condition on the canvas: its expression, with true/false handles from the shell. */
export const ConditionNodeView = memo(function ConditionNodeView({ id, data, selected }: NodeProps<WorkflowNodeOf<"condition">>) {
  const c = data.config;
  return (
    <NodeShell id={id} type="condition" label={c.label} selected={selected}>
      <code className="block truncate font-mono text-[11px] text-sky-800">{clip(c.expression, 34) || "no expression"}</code>
    </NodeShell>
  );
});

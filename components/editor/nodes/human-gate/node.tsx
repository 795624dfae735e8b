"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { WorkflowNodeOf } from "../../flow-types";
import { clip } from "../kind";
import { NodeShell } from "../shared/node-shell";

/** Human gate on the canvas: the start of its prompt, its reviewer form size and how many must approve. */
export const HumanGateNodeView = memo(function HumanGateNodeView({ id, data, selected }: NodeProps<WorkflowNodeOf<"human_gate">>) {
  const c = data.config;
  const fields = c.fields?.length ?? 0;
  return (
    <NodeShell id={id} type="human_gate" label={c.label} selected={selected}>
      <p className="truncate">{clip(c.prompt, 60) || "no prompt"}</p>
      {fields > 0 && <span className="text-[11px] text-slate-500">{fields === 1 ? "1 reviewer field" : `${fields} reviewer fields`}</span>}
      {(c.required_approvals ?? 1) > 1 && <span className="block text-[11px] text-slate-500">{c.required_approvals} approvals needed</span>}
    </NodeShell>
  );
});

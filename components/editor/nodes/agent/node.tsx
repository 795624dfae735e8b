"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { WorkflowNodeOf } from "../../flow-types";
import { clip } from "../kind";
import { NodeShell } from "../shared/node-shell";

/** Agent on the canvas: model and output key, and the start of the user message. */
export const AgentNodeView = memo(function AgentNodeView({ id, data, selected }: NodeProps<WorkflowNodeOf<"agent">>) {
  const c = data.config;
  return (
    <NodeShell id={id} type="agent" label={c.label} selected={selected}>
      <div className="flex items-center justify-between gap-2">
        <span className="truncate rounded bg-violet-50 px-1.5 py-0.5 font-mono text-[11px] text-violet-700">{c.model}</span>
        {c.output_key && <span className="truncate font-mono text-[11px] text-slate-500">→ {c.output_key}</span>}
      </div>
      {c.user_message ? <p className="mt-1 truncate text-slate-500">{clip(c.user_message, 60)}</p> : null}
    </NodeShell>
  );
});

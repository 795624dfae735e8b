"use client";
import { Handle, Position } from "@xyflow/react";
import { memo, type ReactNode } from "react";
import type { NodeType } from "@/engine/graph/schema";
import { Icon } from "@/components/ui/icon";
import { isBranching } from "../../flow-types";
import { NodeRunBadge } from "../../last-run/node-run-badge";
import { useEditorStore } from "../../store/editor-context";
import { kindOf } from "../registry";
import type { MarkedIssue } from "../../store/issue-index";
import { CompactNode } from "./compact-node";
import { useCompactZoom } from "./compact-zoom";
import { IssueBadge } from "./issue-badge";

const handleClass = "!size-3 !border-2 !border-panel !bg-slate-400 hover:!bg-brand-500";

/**
 * The frame every node view shares: icon, title, kind, its issue markers and handles.
 * Branching kinds get two labelled source handles, `true` and `false`. Zoomed far out it
 * draws the compact form instead (see compact-node.tsx).
 */
export const NodeShell = memo(function NodeShell({
  id,
  type,
  label,
  selected,
  children,
}: {
  id: string;
  type: NodeType;
  label: string | undefined;
  selected: boolean;
  children?: ReactNode;
}) {
  const issues = useEditorStore((s) => s.issues.byNode[id]);
  const hasError = issues?.some((i) => i.severity === "error");
  const compact = useCompactZoom();
  const ring = selected ? "ring-2 ring-brand-500" : hasError ? "ring-2 ring-red-400" : issues ? "ring-2 ring-amber-300" : "ring-1 ring-slate-200";
  if (compact) return <CompactNode id={id} title={label?.trim() || id} ring={ring} issues={issues?.length ?? 0} branching={isBranching(type)} />;
  return (
    <div data-testid={`node-${id}`} data-issues={issues?.length ?? 0} className={`relative w-60 rounded-lg bg-panel shadow-sm ${ring}`}>
      <Handle type="target" position={Position.Left} className={handleClass} data-testid={`handle-${id}-in`} />
      <NodeRunBadge nodeId={id} />
      <NodeBody id={id} type={type} label={label} issues={issues}>
        {children}
      </NodeBody>
      {isBranching(type) ? (
        <>
          <BranchHandle id={id} value="true" top="40%" />
          <BranchHandle id={id} value="false" top="75%" />
        </>
      ) : (
        <Handle type="source" position={Position.Right} className={handleClass} data-testid={`handle-${id}-out`} />
      )}
    </div>
  );
});

function NodeBody({ id, type, label, issues, children }: { id: string; type: NodeType; label: string | undefined; issues: MarkedIssue[] | undefined; children?: ReactNode }) {
  const kind = kindOf(type);
  return (
    <>
      <div className="flex items-center gap-2.5 px-3 py-2.5">
        <span className={`flex size-8 shrink-0 items-center justify-center rounded-md ${kind.chip}`}>
          <Icon d={kind.icon} className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="truncate text-sm font-semibold text-slate-900" data-testid="node-title">
            {label?.trim() || id}
          </div>
          <div className="truncate text-[11px] text-slate-500">
            {kind.title}
            {label?.trim() ? <span className="text-slate-500"> · {id}</span> : null}
          </div>
        </div>
        {issues && <IssueBadge issues={issues} testId={`node-issues-${id}`} />}
      </div>
      {children && <div className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600">{children}</div>}
    </>
  );
}

function BranchHandle({ id, value, top }: { id: string; value: "true" | "false"; top: string }) {
  const tone = value === "true" ? "text-emerald-700" : "text-rose-700";
  return (
    <>
      <span className={`pointer-events-none absolute left-full ml-2 -translate-y-full text-[10px] font-semibold ${tone}`} style={{ top }}>
        {value}
      </span>
      <Handle
        type="source"
        id={value}
        position={Position.Right}
        style={{ top }}
        className={`${handleClass} ${value === "true" ? "!bg-emerald-500" : "!bg-rose-500"}`}
        data-testid={`handle-${id}-${value}`}
      />
    </>
  );
}

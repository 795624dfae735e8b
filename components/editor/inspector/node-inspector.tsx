"use client";
import { useCallback, type ComponentType } from "react";
import { Button } from "@/components/ui/button";
import { Icon, ICONS } from "@/components/ui/icon";
import type { NodeConfig, NodeType } from "@/engine/graph/schema";
import { LastRunOutput } from "../last-run/last-run-output";
import { NODE_FORMS } from "../nodes/forms";
import type { NodeFormProps } from "../nodes/form-props";
import { kindOf } from "../nodes/registry";
import { useEditorStore } from "../store/editor-context";
import type { MarkedIssue } from "../store/issue-index";
import { LabelField, ReliabilityFields } from "./common-fields";
import { NodeConnections } from "./node-connections";

const NO_ISSUES: MarkedIssue[] = [];

/** The selected node's settings: label, the kind's own form, then retries and timeout. */
export function NodeInspector({ nodeId }: { nodeId: string }) {
  const type = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.type);
  const config = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data.config);
  const issues = useEditorStore((s) => s.issues.byNode[nodeId]) ?? NO_ISSUES;
  const updateNodeConfig = useEditorStore((s) => s.updateNodeConfig);
  const deleteSelection = useEditorStore((s) => s.deleteSelection);
  const update = useCallback((patch: Partial<NodeConfig>) => updateNodeConfig(nodeId, patch), [updateNodeConfig, nodeId]);
  if (!type || !config) return null;
  const kind = kindOf(type);
  const Form = NODE_FORMS[type] as ComponentType<NodeFormProps<NodeType>>;
  const general = issues.filter((i) => !FIELD_CODES.has(i.code));
  return (
    <div className="space-y-4" data-testid="node-inspector" data-node-id={nodeId}>
      <div className="flex items-center gap-2.5">
        <span className={`flex size-8 items-center justify-center rounded-md ${kind.chip}`}>
          <Icon d={kind.icon} />
        </span>
        <div className="flex-1">
          <h2 className="text-sm font-semibold text-slate-900">{kind.title}</h2>
          <p className="font-mono text-[11px] text-slate-500">{nodeId}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={deleteSelection} title="Delete node (Delete)" aria-label="Delete node" data-testid="inspector-delete-node">
          <Icon d={ICONS.trash} />
        </Button>
      </div>
      <LastRunOutput nodeId={nodeId} />
      {general.length > 0 && (
        <ul className="space-y-1 rounded-md bg-red-50/60 p-2.5 text-xs ring-1 ring-red-100" data-testid="node-inspector-issues">
          {general.map((i, n) => (
            <li key={n} className={i.severity === "error" ? "text-red-700" : "text-amber-800"}>
              {i.message}
            </li>
          ))}
        </ul>
      )}
      <LabelField nodeId={nodeId} config={config} update={update} />
      <Form nodeId={nodeId} config={config} update={update} issues={issues} />
      <NodeConnections nodeId={nodeId} />
      <details className="group border-t border-slate-100 pt-3" open={config.retries !== undefined || config.timeout_ms !== undefined}>
        <summary className="cursor-pointer text-xs font-medium text-slate-600 select-none">Retries and timeout</summary>
        <div className="pt-3">
          <ReliabilityFields nodeId={nodeId} config={config} update={update} />
        </div>
      </details>
    </div>
  );
}

/** Codes a kind's form shows beside its own field, so they are not repeated at the top. */
const FIELD_CODES = new Set(["unknown_model", "unknown_tool", "invalid_expression", "loop_max_iterations", "invalid_tool_params", "gate_field_options", "duplicate_gate_field"]);

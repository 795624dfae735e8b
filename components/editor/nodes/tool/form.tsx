"use client";
import { useState } from "react";
import { Field, Select, TextInput } from "@/components/ui/field";
import { JsonInput } from "../../inspector/json-input";
import { useTools } from "../../inspector/use-catalog";
import { issueFor, type NodeFormProps } from "../form-props";
import { ParamInput } from "./param-input";

/**
 * Tool settings: the tool (from the server's registry, or any name typed in), its params
 * as a form built from the tool's field list, or as raw JSON.
 */
export function ToolForm({ nodeId, config, update, issues }: NodeFormProps<"tool">) {
  const tools = useTools();
  const [raw, setRaw] = useState(false);
  const tool = tools?.find((t) => t.name === config.tool);
  const params = config.params ?? {};
  const fieldList = tool && tool.params.length > 0 && !raw;
  const listed = tools?.some((t) => t.name === config.tool);
  return (
    <>
      <Field label="Tool" htmlFor={`tool-${nodeId}`} error={issueFor(issues, "unknown_tool")} hint={tool?.description}>
        <div className="flex gap-2">
          <Select aria-label="Registered tools" data-testid="field-tool-select" className="w-40" value={listed ? config.tool : ""} onChange={(e) => e.target.value && update({ tool: e.target.value })}>
            <option value="">Other…</option>
            {tools?.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
              </option>
            ))}
          </Select>
          <TextInput id={`tool-${nodeId}`} data-testid="field-tool" className="font-mono text-xs" value={config.tool} onChange={(e) => update({ tool: e.target.value })} />
        </div>
      </Field>
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <span className="text-xs font-medium text-slate-600">Params</span>
          {tool && tool.params.length > 0 && (
            <button type="button" data-testid="toggle-raw-params" className="text-xs text-brand-600 hover:underline" onClick={() => setRaw((r) => !r)}>
              {raw ? "Use form" : "Edit as JSON"}
            </button>
          )}
        </div>
        {fieldList ? (
          <div className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
            {tool.params.map((p) => (
              <Field key={p.name} label={`${p.name}${p.required ? " *" : ""}`} hint={p.description}>
                <ParamInput param={p} value={params[p.name]} onChange={(v) => update({ params: withParam(params, p.name, v) })} />
              </Field>
            ))}
          </div>
        ) : (
          <JsonInput testId="field-params-json" label="Params (JSON object)" value={params} onChange={(next) => update({ params: next })} />
        )}
        {issueFor(issues, "invalid_tool_params") && <p className="text-xs text-red-600">{issueFor(issues, "invalid_tool_params")}</p>}
        <p className="text-xs text-slate-500">String values are templates: {"{key}"} inserts a state value.</p>
      </div>
      <Field label="Output key" htmlFor={`out-${nodeId}`} hint={`The tool's result is written here (default: ${nodeId}).`}>
        <TextInput id={`out-${nodeId}`} data-testid="field-output_key" placeholder={nodeId} value={config.output_key ?? ""} onChange={(e) => update({ output_key: e.target.value || undefined })} />
      </Field>
    </>
  );
}

function withParam(params: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const next = { ...params };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}

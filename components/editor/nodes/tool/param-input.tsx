"use client";
import { Select, TextInput } from "@/components/ui/field";
import type { ToolParam } from "@/lib/client/types";
import { NumberInput } from "../../inspector/number-input";

/** One tool parameter's control, chosen by its declared type; strings may hold {templates}. */
export function ParamInput({ param, value, onChange }: { param: ToolParam; value: unknown; onChange: (v: unknown) => void }) {
  const testId = `param-${param.name}`;
  if (param.options?.length) {
    return (
      <Select data-testid={testId} value={typeof value === "string" ? value : ""} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{param.required ? "Choose…" : "(not set)"}</option>
        {param.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Select>
    );
  }
  if (param.type === "boolean") {
    return (
      <input
        type="checkbox"
        data-testid={testId}
        className="size-4 rounded border-slate-300 text-brand-600"
        checked={value === true}
        onChange={(e) => onChange(e.target.checked || undefined)}
      />
    );
  }
  // The server describes integer params as `number` too (engine/tools/describe-params.ts).
  if (param.type === "number") {
    return <NumberInput data-testid={testId} value={typeof value === "number" ? value : undefined} onChange={onChange} />;
  }
  if (param.type === "string") {
    return <TextInput data-testid={testId} value={typeof value === "string" ? value : ""} onChange={(e) => onChange(e.target.value || undefined)} />;
  }
  const text = value === undefined ? "" : JSON.stringify(value);
  return (
    <TextInput
      key={text}
      data-testid={testId}
      className="font-mono text-xs"
      placeholder="JSON"
      defaultValue={text}
      onBlur={(e) => {
        const t = e.target.value.trim();
        if (!t) return onChange(undefined);
        try {
          onChange(JSON.parse(t));
        } catch {
          onChange(t);
        }
      }}
    />
  );
}

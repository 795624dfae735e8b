"use client";
import { Field, TextArea } from "@/components/ui/field";
import { issueFor, type NodeFormProps } from "../form-props";
import { GateFieldsEditor } from "./fields-editor";

/** Gate settings: the prompt the reviewer reads and the form they fill in. */
export function HumanGateForm({ nodeId, config, update, issues }: NodeFormProps<"human_gate">) {
  return (
    <>
      <Field label="Prompt" htmlFor={`prompt-${nodeId}`} hint="Template shown to the reviewer: {key} inserts a state value.">
        <TextArea id={`prompt-${nodeId}`} data-testid="field-prompt" rows={4} value={config.prompt ?? ""} onChange={(e) => update({ prompt: e.target.value })} />
      </Field>
      <Field label="Reviewer fields" error={issueFor(issues, "gate_field_options", "duplicate_gate_field")}>
        <GateFieldsEditor fields={config.fields ?? []} onChange={(fields) => update({ fields })} />
      </Field>
    </>
  );
}

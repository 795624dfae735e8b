"use client";
import { Field, TextArea } from "@/components/ui/field";
import { MAX_REQUIRED_APPROVALS } from "@/engine/graph/schema";
import { NumberInput } from "../../inspector/number-input";
import { issueFor, type NodeFormProps } from "../form-props";
import { ApproversEditor } from "./approvers-editor";
import { GateFieldsEditor } from "./fields-editor";

/** Gate settings: the prompt the reviewer reads, the form they fill in, and who may decide. */
export function HumanGateForm({ nodeId, config, update, issues }: NodeFormProps<"human_gate">) {
  return (
    <>
      <Field label="Prompt" htmlFor={`prompt-${nodeId}`} hint="Template shown to the reviewer: {key} inserts a state value.">
        <TextArea id={`prompt-${nodeId}`} data-testid="field-prompt" rows={4} value={config.prompt ?? ""} onChange={(e) => update({ prompt: e.target.value })} />
      </Field>
      <Field label="Reviewer fields" error={issueFor(issues, "gate_field_options", "duplicate_gate_field")}>
        <GateFieldsEditor fields={config.fields ?? []} onChange={(fields) => update({ fields })} />
      </Field>
      <Field
        label="Approvers"
        htmlFor={`approver-email-${nodeId}`}
        error={issueFor(issues, "gate_approver_role", "gate_approver_email", "gate_no_approvers")}
        hint="People with a checked role decide, and the people named by email (signed in; an API key decides by its role)."
      >
        <ApproversEditor nodeId={nodeId} approvers={config.approvers} onChange={(approvers) => update({ approvers })} />
      </Field>
      <Field
        label="Required approvals"
        htmlFor={`required-${nodeId}`}
        error={issueFor(issues, "gate_required_approvals", "gate_quorum_unreachable")}
        hint={`Distinct people who must approve before the run goes on (1–${MAX_REQUIRED_APPROVALS}); one rejection fails it.`}
      >
        <NumberInput
          id={`required-${nodeId}`}
          data-testid="field-required_approvals"
          integer
          min={1}
          max={MAX_REQUIRED_APPROVALS}
          placeholder="1"
          value={config.required_approvals}
          onChange={(v) => update({ required_approvals: v })}
        />
      </Field>
      <label className="flex items-start gap-2 text-xs text-slate-700">
        <input type="checkbox" className="mt-0.5" data-testid="field-allow_self_approval" checked={config.allow_self_approval === true} onChange={(e) => update({ allow_self_approval: e.target.checked || undefined })} />
        <span>
          Allow self-approval
          <span className="block text-slate-500">Let the person (or API key) who triggered the run approve it.</span>
        </span>
      </label>
    </>
  );
}

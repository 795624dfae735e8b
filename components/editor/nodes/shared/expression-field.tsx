"use client";
import { Field, TextInput } from "@/components/ui/field";
import type { MarkedIssue } from "../../store/issue-index";
import { issueFor } from "../form-props";

/** An expression box whose syntax errors come live from validation (`invalid_expression`). */
export function ExpressionField({ nodeId, value, onChange, issues }: { nodeId: string; value: string; onChange: (v: string) => void; issues: MarkedIssue[] }) {
  const error = issueFor(issues, "invalid_expression");
  return (
    <Field
      label="Expression"
      htmlFor={`expr-${nodeId}`}
      error={error}
      hint={<>e.g. <code className="font-mono">score &gt; 0.8 and contains(category, &quot;bug&quot;)</code></>}
    >
      <TextInput
        id={`expr-${nodeId}`}
        data-testid="field-expression"
        className="font-mono text-xs"
        spellCheck={false}
        invalid={error !== undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

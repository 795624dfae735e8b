"use client";
import { Field } from "@/components/ui/field";
import { LOOP_HARD_CAP } from "@/engine/graph/schema";
import { NumberInput } from "../../inspector/number-input";
import { issueFor, type NodeFormProps } from "../form-props";
import { ExpressionField } from "../shared/expression-field";

/** Loop settings: the condition to keep going and the iteration cap. */
export function LoopForm({ nodeId, config, update, issues }: NodeFormProps<"loop">) {
  return (
    <>
      <ExpressionField nodeId={nodeId} value={config.expression} onChange={(expression) => update({ expression })} issues={issues} />
      <Field label="Max iterations" htmlFor={`iter-${nodeId}`} error={issueFor(issues, "loop_max_iterations")} hint={`At most ${LOOP_HARD_CAP}.`}>
        <NumberInput
          id={`iter-${nodeId}`}
          data-testid="field-max_iterations"
          integer
          min={1}
          max={LOOP_HARD_CAP}
          value={config.max_iterations}
          onChange={(v) => update({ max_iterations: v ?? 10 })}
        />
      </Field>
      <p className="text-xs text-slate-500">The <b className="text-emerald-700">true</b> handle leads into the body (which connects back here); <b className="text-rose-700">false</b> exits.</p>
    </>
  );
}

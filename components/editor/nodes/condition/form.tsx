"use client";
import type { NodeFormProps } from "../form-props";
import { ExpressionField } from "../shared/expression-field";

/** Condition settings: the expression whose result picks the true or false edges. */
export function ConditionForm({ nodeId, config, update, issues }: NodeFormProps<"condition">) {
  return (
    <>
      <ExpressionField nodeId={nodeId} value={config.expression} onChange={(expression) => update({ expression })} issues={issues} />
      <p className="text-xs text-slate-500">Edges from the <b className="text-emerald-700">true</b> handle run when it holds, from <b className="text-rose-700">false</b> otherwise.</p>
    </>
  );
}

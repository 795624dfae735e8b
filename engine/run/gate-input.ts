/**
 * Reviewer input for a human gate (SPEC §6): checked against the gate's `fields`.
 */
import type { GateField } from "../graph/schema";
import { isInternalKey } from "./state";

export interface GateInputProblem {
  field: string;
  message: string;
}

/** Problems with a reviewer's input: missing required fields, wrong types, unknown select options. */
export function checkGateInput(fields: GateField[] | undefined, input: Record<string, unknown>): GateInputProblem[] {
  const problems: GateInputProblem[] = [];
  for (const key of Object.keys(input)) {
    if (isInternalKey(key)) problems.push({ field: key, message: "internal keys cannot be set" });
  }
  for (const f of fields ?? []) {
    const value = input[f.name];
    const missing = value === undefined || value === null || value === "";
    if (missing) {
      if (f.required) problems.push({ field: f.name, message: "is required" });
      continue;
    }
    const expected = f.type === "number" ? "number" : f.type === "boolean" ? "boolean" : "string";
    if (typeof value !== expected || (expected === "number" && !Number.isFinite(value))) {
      problems.push({ field: f.name, message: `must be a ${expected}` });
    } else if (f.type === "select" && f.options && !f.options.includes(value as string)) {
      problems.push({ field: f.name, message: `must be one of ${f.options.join(", ")}` });
    }
  }
  return problems;
}

/**
 * The reviewer form of a human gate as plain data: the draft values a form holds, and
 * turning them into the `input` an approval sends (numbers parsed, empties dropped),
 * with a message for each required field left empty.
 */
import type { GateField } from "@/engine/graph/schema";

export type Draft = Record<string, string | boolean>;

/** Starting values: unchecked booleans, empty text and selects (a required one forces a choice). */
export function initialDraft(fields: readonly GateField[]): Draft {
  const d: Draft = {};
  for (const f of fields) d[f.name] = f.type === "boolean" ? false : "";
  return d;
}

/** Parses a draft; `errors` maps field names to what is wrong. */
export function toReviewerInput(fields: readonly GateField[], draft: Draft): { input: Record<string, unknown>; errors: Record<string, string> } {
  const input: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const raw = draft[f.name];
    if (f.type === "boolean") {
      input[f.name] = raw === true;
      continue;
    }
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text === "") {
      if (f.required) errors[f.name] = "Required";
      continue;
    }
    if (f.type === "number") {
      const n = Number(text);
      if (!Number.isFinite(n)) errors[f.name] = "Enter a number";
      else input[f.name] = n;
      continue;
    }
    input[f.name] = f.type === "textarea" ? String(raw) : text;
  }
  return { input, errors };
}

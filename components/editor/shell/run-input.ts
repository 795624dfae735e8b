/** Parses the Run dialog's trigger input: a JSON object, or a message saying why not. */
export function parseRunInput(text: string): { ok: true; input: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || "{}");
  } catch (err) {
    return { ok: false, message: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, message: 'The input must be a JSON object, like {"ticket": "…"}.' };
  return { ok: true, input: value as Record<string, unknown> };
}

/**
 * Values rendered as Python's `str()` and `repr()` (SPEC §4): templates print state
 * the way the Python original did, so prompts written against it keep working.
 */
import { pyNumber } from "./py-number";
import { pyStringRepr } from "./py-string-repr";

/** Python `str(value)`: strings as-is, `True`/`False`/`None`, containers as their repr. */
export function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyRepr(value);
}

/** Python `repr(value)`: strings quoted, lists `[1, 'a']`, dicts `{'a': True}`. */
export function pyRepr(value: unknown): string {
  return reprIn(value, new Set());
}

function reprIn(value: unknown, open: Set<object>): string {
  switch (typeof value) {
    case "string":
      return pyStringRepr(value);
    case "number":
      return pyNumber(value);
    case "boolean":
      return value ? "True" : "False";
    case "undefined":
      return "None";
    case "bigint":
      return value.toString();
    case "object":
      if (value === null) return "None";
      return containerRepr(value, open);
    default:
      return `<${typeof value}>`;
  }
}

/** Lists and dicts; a container met again inside itself prints as Python does: `[...]`. */
function containerRepr(value: object, open: Set<object>): string {
  const isList = Array.isArray(value);
  if (open.has(value)) return isList ? "[...]" : "{...}";
  open.add(value);
  let out: string;
  if (isList) {
    out = `[${value.map((item: unknown) => reprIn(item, open)).join(", ")}]`;
  } else if (value instanceof Date) {
    out = pyStringRepr(Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString());
  } else {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      parts.push(`${pyStringRepr(key)}: ${reprIn(item, open)}`);
    }
    out = `{${parts.join(", ")}}`;
  }
  open.delete(value);
  return out;
}

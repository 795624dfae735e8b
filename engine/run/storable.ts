/**
 * Whether a value can be stored as JSON and read back as it was: what a request body, a
 * node's output and the state it writes must be. Everything past the parser that walks a
 * value is recursive (schema parsing, the template renderer, structured clone, the
 * checkpoint's `JSON.stringify`); a 1 MiB JSON text can nest 500,000 deep and overflow
 * the first of them.
 */

/** How deeply arrays and objects may nest. Graphs, inputs and outputs need a few dozen levels at most. */
export const MAX_VALUE_DEPTH = 128;

export interface ValueIssue {
  /** Where, as keys and indexes from the value's root. */
  path: (string | number)[];
  message: string;
}

export interface StorableOptions {
  /**
   * Refuse a `__proto__` key. JSON allows it, but copying such an object by assignment (as
   * schema parsing does) sets the copy's prototype instead, so the key is lost without a word.
   */
  refuseProtoKey?: boolean;
}

/** The first reason `value` cannot be stored as it is, or null. */
export function storableIssue(value: unknown, options: StorableOptions = {}): ValueIssue | null {
  return walk(value, [], 0, options.refuseProtoKey === true);
}

function walk(value: unknown, path: (string | number)[], depth: number, refuseProto: boolean): ValueIssue | null {
  if (typeof value === "bigint") return { path: [...path], message: "a bigint has no JSON form" };
  if (typeof value === "number") return Number.isFinite(value) ? null : { path: [...path], message: `${value} has no JSON form (a number past ±1.8e308 reads as Infinity)` };
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_VALUE_DEPTH) return { path: [...path], message: `nested deeper than ${MAX_VALUE_DEPTH} levels` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const issue = child(value[i], path, i, depth, refuseProto);
      if (issue) return issue;
    }
    return null;
  }
  for (const key in value) {
    if (refuseProto && key === "__proto__") return { path: [...path, key], message: 'the key "__proto__" is not allowed' };
    const issue = child((value as Record<string, unknown>)[key], path, key, depth, refuseProto);
    if (issue) return issue;
  }
  return null;
}

function child(value: unknown, path: (string | number)[], key: string | number, depth: number, refuseProto: boolean): ValueIssue | null {
  if (value === null || (typeof value !== "object" && typeof value !== "bigint" && (typeof value !== "number" || Number.isFinite(value)))) return null;
  path.push(key);
  const issue = walk(value, path, depth + 1, refuseProto);
  path.pop();
  return issue;
}

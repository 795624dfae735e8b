/**
 * Field names of `{placeholder}`s, parsed and resolved the way Python's
 * `str.format_map` does: `name`, then any chain of `.attr` and `[index]`, where an
 * all-digit index is an integer and anything else a string key.
 */
import { isForbiddenKey, isInternalKey, isPlainObject } from "./plain-object";

/** One step after the root name: `.attr` or `[index]`. */
export type FieldStep = { kind: "attr"; name: string } | { kind: "index"; key: string | number };

/** A parsed field: the top-level state key and the steps below it. */
export interface FieldPath {
  root: string;
  steps: FieldStep[];
}

const DIGITS = /^[0-9]+$/;

/**
 * Parses a field name, or returns null when Python would refuse it (empty name,
 * positional `{0}`, empty `.`/`[]`, text after `]`) or when it uses a format spec or
 * conversion (`:`/`!`), which templates do not support.
 */
export function parseField(field: string): FieldPath | null {
  if (field === "" || field.includes(":") || field.includes("!")) return null;
  let i = 0;
  while (i < field.length && field[i] !== "." && field[i] !== "[") i++;
  const root = field.slice(0, i);
  if (root === "" || DIGITS.test(root)) return null;
  const steps: FieldStep[] = [];
  while (i < field.length) {
    if (field[i] === ".") {
      const start = ++i;
      while (i < field.length && field[i] !== "." && field[i] !== "[") i++;
      if (i === start) return null;
      steps.push({ kind: "attr", name: field.slice(start, i) });
    } else {
      const close = field.indexOf("]", i + 1);
      if (close === -1 || close === i + 1) return null;
      const key = field.slice(i + 1, close);
      steps.push({ kind: "index", key: DIGITS.test(key) ? Number(key) : key });
      i = close + 1;
      if (i < field.length && field[i] !== "." && field[i] !== "[") return null;
    }
  }
  return { root, steps };
}

/** Marker for "this placeholder does not resolve". */
export const MISSING: unique symbol = Symbol("missing");

/** The value a field points at in `state`, or {@link MISSING}. Internal keys are invisible. */
export function resolveField(path: FieldPath, state: Record<string, unknown>): unknown {
  if (isInternalKey(path.root)) return MISSING;
  let current = lookup(state, path.root);
  for (const step of path.steps) {
    if (current === MISSING) return MISSING;
    current = step.kind === "attr" ? lookup(current, step.name) : lookupIndex(current, step.key);
  }
  return current;
}

function lookup(container: unknown, key: string): unknown {
  if (!isPlainObject(container) || isForbiddenKey(key) || !Object.hasOwn(container, key)) return MISSING;
  return container[key];
}

function lookupIndex(container: unknown, key: string | number): unknown {
  if (typeof key === "string") return lookup(container, key);
  if (Array.isArray(container)) return key < container.length ? (container[key] as unknown) : MISSING;
  if (typeof container === "string") {
    const chars = Array.from(container);
    return key < chars.length ? chars[key] : MISSING;
  }
  return lookup(container, String(key));
}

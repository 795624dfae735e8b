/**
 * Templating a whole node config (SPEC §4): every string leaf of nested objects and
 * arrays is rendered; object keys and non-string leaves are kept as they are.
 */
import { isPlainObject } from "./plain-object";
import { renderTemplate, type RenderOptions } from "./render-template";

/** A new structure with each string leaf rendered against `state`; the input is not mutated. */
export function renderDeep<T>(value: T, state: Record<string, unknown>, options: RenderOptions = {}): T {
  return renderValue(value, state, options) as T;
}

function renderValue(value: unknown, state: Record<string, unknown>, options: RenderOptions): unknown {
  if (typeof value === "string") return renderTemplate(value, state, options);
  if (Array.isArray(value)) return value.map((item: unknown) => renderValue(item, state, options));
  if (isPlainObject(value)) {
    // fromEntries defines own properties, so a `__proto__` key stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderValue(item, state, options)]));
  }
  return value;
}

/**
 * Safe property access shared by templates and expressions (SPEC §4): only own
 * properties of plain objects and arrays are ever read, and the names that reach
 * prototypes or host objects never resolve, whatever the data contains.
 */

/** Property names that never resolve, at any depth, even as own keys. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** True for a name that must never be looked up (prototype access). */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** True for keys of internal state (`__loop_<id>` …), hidden from templates and expressions. */
export function isInternalKey(key: string): boolean {
  return key.length >= 2 && key.charCodeAt(0) === 95 && key.charCodeAt(1) === 95;
}

/**
 * A dictionary as JSON would produce it: prototype `Object.prototype` or `null`.
 * Class instances, Maps, Dates and functions are host objects and are not walked.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Own property `key` of a plain object, or `undefined`; forbidden names never resolve. */
export function ownValue(obj: Record<string, unknown>, key: string): unknown {
  if (isForbiddenKey(key) || !Object.hasOwn(obj, key)) return undefined;
  return obj[key];
}

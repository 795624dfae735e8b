/**
 * How expression values behave (SPEC §4): Python truthiness, deep equality, and
 * member access that only ever reads own, public properties of plain data.
 */
import { isForbiddenKey, isInternalKey, isPlainObject } from "../template/plain-object";

/** The type name runtime errors use: `null`, `boolean`, `number`, `string`, `array`, `object`. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A key expressions may read: not internal (`__…`) and not a prototype name. */
export function isPublicKey(key: string): boolean {
  return !isInternalKey(key) && !isForbiddenKey(key);
}

/** The keys of a plain object that expressions can see; `len`, `in` and truthiness agree on them. */
export function publicKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).filter(isPublicKey);
}

/** Python truthiness: false, null, 0, "", [] and {} are false; everything else is true. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "bigint") return value !== BigInt(0);
  if (typeof value === "string") return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return publicKeys(value).length > 0;
  return true;
}

/** `==`: structural for arrays and plain objects, strict for primitives (`"1" == 1` is false). */
export function deepEqual(a: unknown, b: unknown): boolean {
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  if (left === right) return true;
  if (Array.isArray(left)) {
    return Array.isArray(right) && left.length === right.length && left.every((item, i) => deepEqual(item, right[i]));
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = publicKeys(left);
    const otherKeys = publicKeys(right);
    return keys.length === otherKeys.length && keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]));
  }
  return false;
}

/** `obj.key`: an own public property of a plain object, else null (arrays have no members). */
export function getMember(obj: unknown, key: string): unknown {
  if (!isPlainObject(obj) || !isPublicKey(key) || !Object.hasOwn(obj, key)) return null;
  return obj[key] ?? null;
}

/** `obj[index]`: array and string positions (negative counts from the end), object keys; else null. */
export function getIndex(obj: unknown, index: unknown): unknown {
  if (Array.isArray(obj)) return atPosition(obj, index) ?? null;
  if (typeof obj === "string") return atPosition(Array.from(obj), index) ?? null;
  if (typeof index === "string") return getMember(obj, index);
  if (typeof index === "number" && Number.isInteger(index)) return getMember(obj, String(index));
  return null;
}

function atPosition(items: readonly unknown[], index: unknown): unknown {
  if (typeof index !== "number" || !Number.isInteger(index)) return undefined;
  const position = index < 0 ? items.length + index : index;
  return position >= 0 && position < items.length ? items[position] : undefined;
}

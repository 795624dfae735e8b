/**
 * The whitelisted pure functions (SPEC §4). Nothing else can be called: the parser
 * refuses any other name, so no host function is ever reachable.
 */
import type { FunctionName } from "./ast";
import { failAt } from "./expression-error";
import { membership } from "./operators";
import { publicKeys, typeName } from "./values";
import { isPlainObject } from "../template/plain-object";
import { pyStr } from "../template/py-str";

type Where = { pos: number; text: string };

const HIGH_SURROGATE = /[\ud800-\udbff]/;
const NUMERIC = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

function requireString(name: string, value: unknown, where: Where): string {
  if (typeof value !== "string") failAt(`${name}() needs a string, got ${typeName(value)}`, where);
  return value;
}

/** Applies function `name` to already evaluated arguments (arity was checked when parsing). */
export function callFunction(name: FunctionName, args: unknown[], where: Where): unknown {
  const [a, b] = args;
  switch (name) {
    case "len":
      if (typeof a === "string") return codePointLength(a);
      if (Array.isArray(a)) return a.length;
      if (isPlainObject(a)) return publicKeys(a).length;
      return failAt(`len() needs a string, array or object, got ${typeName(a)}`, where);
    case "lower":
      return requireString("lower", a, where).toLowerCase();
    case "upper":
      return requireString("upper", a, where).toUpperCase();
    case "contains":
      return membership(b, a, where);
    case "startswith":
      return requireString("startswith", a, where).startsWith(requireString("startswith", b, where));
    case "number":
      return toNumber(a, where);
    case "string":
      return pyStr(a);
  }
}

/** Python's `len` of a string counts code points: a surrogate pair is one character. */
function codePointLength(text: string): number {
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let length = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const high = text.charCodeAt(i);
    if (high >= 0xd800 && high <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

/** `number(x)`: numbers as they are, booleans as 1/0, numeric strings parsed; anything else fails. */
function toNumber(value: unknown, where: Where): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" && NUMERIC.test(value.trim())) return Number(value.trim());
  const shown = typeof value === "string" ? `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'` : typeName(value);
  return failAt(`cannot convert ${shown} to a number`, where);
}

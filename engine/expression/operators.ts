/**
 * Binary operators with the strict typing SPEC §4 asks for: mixing types is a
 * runtime error that names both types and quotes the expression, never a silent
 * JavaScript coercion.
 */
import type { ArithmeticOp, CompareOp } from "./ast";
import { failAt } from "./expression-error";
import { deepEqual, isPublicKey, typeName } from "./values";
import { isPlainObject } from "../template/plain-object";

type Where = { pos: number; text: string };

/** `+ - * / %`: numbers; `+` also joins two strings or two arrays. */
export function arithmetic(op: ArithmeticOp, left: unknown, right: unknown, where: Where): unknown {
  if (typeof left === "number" && typeof right === "number") {
    switch (op) {
      case "+":
        return left + right;
      case "-":
        return left - right;
      case "*":
        return left * right;
      case "/":
        if (right === 0) failAt("division by zero", where);
        return left / right;
      case "%":
        if (right === 0) failAt("modulo by zero", where);
        return pythonModulo(left, right);
    }
  }
  if (op === "+" && typeof left === "string" && typeof right === "string") return left + right;
  if (op === "+" && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  return failAt(`unsupported operand types for ${op}: ${typeName(left)} and ${typeName(right)}`, where);
}

/** Python's `%`: the result takes the sign of the divisor (`-7 % 3 == 2`). */
function pythonModulo(a: number, b: number): number {
  const r = a % b;
  return r !== 0 && r < 0 !== b < 0 ? r + b : r;
}

/** One comparison; ordering needs two numbers or two strings, and anything ordered against null is false. */
export function compare(op: CompareOp, left: unknown, right: unknown, where: Where): boolean {
  switch (op) {
    case "==":
      return deepEqual(left, right);
    case "!=":
      return !deepEqual(left, right);
    case "in":
      return membership(left, right, where);
    case "not in":
      return !membership(left, right, where);
  }
  if (left === null || left === undefined || right === null || right === undefined) return false;
  const bothNumbers = typeof left === "number" && typeof right === "number";
  const bothStrings = typeof left === "string" && typeof right === "string";
  if (!bothNumbers && !bothStrings) {
    failAt(`cannot compare ${typeName(left)} with ${typeName(right)}`, where);
  }
  const a = left as number | string;
  const b = right as number | string;
  if (op === "<") return a < b;
  if (op === "<=") return a <= b;
  if (op === ">") return a > b;
  return a >= b;
}

/** `needle in haystack`: substring, list element (deep equality) or own public object key. */
export function membership(needle: unknown, haystack: unknown, where: Where): boolean {
  if (haystack === null || haystack === undefined) return false;
  if (typeof haystack === "string") {
    if (typeof needle !== "string") failAt(`'in <string>' needs a string on the left, not ${typeName(needle)}`, where);
    return haystack.includes(needle);
  }
  if (Array.isArray(haystack)) return haystack.some((item) => deepEqual(item, needle));
  if (isPlainObject(haystack)) {
    return typeof needle === "string" && isPublicKey(needle) && Object.hasOwn(haystack, needle);
  }
  return failAt(`cannot test membership in ${typeName(haystack)}`, where);
}

/**
 * Tree-walking evaluator (SPEC §4). Names resolve against public state only: a
 * missing or internal (`__…`) name is null. `and`/`or` short-circuit and always
 * return a boolean (unlike Python, which returns an operand), so a condition's
 * value is never a surprise object.
 */
import type { Expr } from "./ast";
import { failAt } from "./expression-error";
import { callFunction } from "./functions";
import { arithmetic, compare } from "./operators";
import { getIndex, getMember, isPublicKey, isTruthy, typeName } from "./values";

/** Evaluates a parsed expression; throws {@link ExpressionError} on a runtime type error. */
export function evaluateExpression(expr: Expr, scope: Record<string, unknown>): unknown {
  switch (expr.kind) {
    case "literal":
      return expr.value;
    case "list":
      return expr.items.map((item) => evaluateExpression(item, scope));
    case "name":
      return isPublicKey(expr.name) && Object.hasOwn(scope, expr.name) ? (scope[expr.name] ?? null) : null;
    case "member":
      return getMember(evaluateExpression(expr.object, scope), expr.property);
    case "index":
      return getIndex(evaluateExpression(expr.object, scope), evaluateExpression(expr.index, scope));
    case "call":
      return callFunction(
        expr.callee,
        expr.args.map((arg) => evaluateExpression(arg, scope)),
        expr,
      );
    case "unary":
      return unary(expr.op, evaluateExpression(expr.operand, scope), expr);
    case "arithmetic":
      return arithmetic(expr.op, evaluateExpression(expr.left, scope), evaluateExpression(expr.right, scope), expr);
    case "compare":
      return compareChain(expr, scope);
    case "logical": {
      const left = isTruthy(evaluateExpression(expr.left, scope));
      if (expr.op === "and" ? !left : left) return left;
      return isTruthy(evaluateExpression(expr.right, scope));
    }
  }
}

function unary(op: "not" | "-" | "+", value: unknown, where: Expr): unknown {
  if (op === "not") return !isTruthy(value);
  if (typeof value !== "number") failAt(`bad operand type for unary ${op}: ${typeName(value)}`, where);
  return op === "-" ? -value : value;
}

/** `a < b < c` is `a < b and b < c`, evaluating `b` once and stopping at the first false link. */
function compareChain(expr: Extract<Expr, { kind: "compare" }>, scope: Record<string, unknown>): boolean {
  let left = evaluateExpression(expr.operands[0], scope);
  for (let i = 0; i < expr.ops.length; i++) {
    const right = evaluateExpression(expr.operands[i + 1], scope);
    if (!compare(expr.ops[i], left, right, expr)) return false;
    left = right;
  }
  return true;
}

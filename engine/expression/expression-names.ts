/** Which state keys an expression reads, for validation and editor hints. */
import type { Expr } from "./ast";

/** Top-level state names referenced, in order of first use, without duplicates. */
export function expressionNames(expr: Expr): string[] {
  const names = new Set<string>();
  collect(expr, names);
  return [...names];
}

function collect(expr: Expr, names: Set<string>): void {
  switch (expr.kind) {
    case "name":
      names.add(expr.name);
      return;
    case "literal":
      return;
    case "list":
      expr.items.forEach((item) => collect(item, names));
      return;
    case "member":
      collect(expr.object, names);
      return;
    case "index":
      collect(expr.object, names);
      collect(expr.index, names);
      return;
    case "call":
      expr.args.forEach((arg) => collect(arg, names));
      return;
    case "unary":
      collect(expr.operand, names);
      return;
    case "compare":
      expr.operands.forEach((operand) => collect(operand, names));
      return;
    case "arithmetic":
    case "logical":
      collect(expr.left, names);
      collect(expr.right, names);
      return;
  }
}

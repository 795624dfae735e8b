import { describe, expect, it } from "vitest";
import { parseExpression } from "./parse-expression";
import { evaluateExpression } from "./evaluate";
import type { Expr } from "./ast";

function ast(source: string): Expr {
  const result = parseExpression(source);
  if (!result.ok) throw new Error(result.error.message);
  return result.expr;
}

/** The AST printed fully parenthesised, to check grouping. */
function shape(expr: Expr): string {
  switch (expr.kind) {
    case "literal":
      return JSON.stringify(expr.value);
    case "name":
      return expr.name;
    case "list":
      return `[${expr.items.map(shape).join(", ")}]`;
    case "member":
      return `${shape(expr.object)}.${expr.property}`;
    case "index":
      return `${shape(expr.object)}[${shape(expr.index)}]`;
    case "call":
      return `${expr.callee}(${expr.args.map(shape).join(", ")})`;
    case "unary":
      return `(${expr.op} ${shape(expr.operand)})`;
    case "compare":
      return `(${expr.operands.map(shape).reduce((acc, s, i) => `${acc} ${expr.ops[i - 1]} ${s}`)})`;
    default:
      return `(${shape(expr.left)} ${expr.op} ${shape(expr.right)})`;
  }
}

function errorOf(source: string) {
  const result = parseExpression(source);
  if (result.ok) throw new Error(`expected a parse error for ${source}`);
  return result.error;
}

describe("parser precedence", () => {
  it.each([
    ["a or b and c", "(a or (b and c))"],
    ["a || b && c", "(a or (b and c))"],
    ["not a == b", "(not (a == b))"],
    ["!a == b", "(not (a == b))"],
    ["not a and b", "((not a) and b)"],
    ["a == 1 or b < 2 + 3 * 4", "((a == 1) or (b < (2 + (3 * 4))))"],
    ["1 - 2 - 3", "((1 - 2) - 3)"],
    ["8 / 4 * 2 % 3", "(((8 / 4) * 2) % 3)"],
    ["-a.b[0] * 2", "((- a.b[0]) * 2)"],
    ["(1 + 2) * 3", "((1 + 2) * 3)"],
    ["x not in list and y in z", "((x not in list) and (y in z))"],
    ["1 < x <= 3", "(1 < x <= 3)"],
    ["len(a.b) > 0", "(len(a.b) > 0)"],
    ["a[\"b\"].c", 'a["b"].c'],
    ["[1, 'x', [True],]", '[1, "x", [true]]'],
    ["None == null", "(null == null)"],
  ])("%s", (source, expected) => {
    expect(shape(ast(source))).toBe(expected);
  });

  it("records each node's position and source text", () => {
    const expr = ast("  a < b ");
    expect(expr.pos).toBe(2);
    expect(expr.text).toBe("a < b");
  });
});

describe("parse errors", () => {
  it.each([
    ["(1 + 2))", "Unexpected token ')' at column 8", 7],
    ["1 +", "Unexpected end of expression at column 4", 3],
    ["", "Empty expression at column 1", 0],
    ["   ", "Empty expression at column 1", 0],
    ["(a", "Unexpected end of expression (expected ')') at column 3", 2],
    ["a b", "Unexpected token 'b' at column 3", 2],
    ["and x", "Unexpected token 'and' at column 1", 0],
    ["a.", "Unexpected end of expression (expected a name after '.') at column 3", 2],
    ["a.1", "Unexpected token '1' (expected a name after '.') at column 3", 2],
    ["foo(1)", "Unknown function 'foo' (allowed: len, lower, upper, contains, startswith, number, string) at column 1", 0],
    ["len(1, 2)", "len() takes 1 argument, got 2 at column 1", 0],
    ["contains('a')", "contains() takes 2 arguments, got 1 at column 1", 0],
    ["a.b(1)", "Only the functions len, lower, upper, contains, startswith, number, string can be called at column 4", 3],
    ["x = 1", "Unexpected character '=' (use '==' to compare) at column 3", 2],
  ])("%s", (source, message, position) => {
    expect(errorOf(source)).toEqual({ message, position });
  });
});

describe("limits", () => {
  it("refuses sources over 10,000 characters", () => {
    expect(parseExpression("1".repeat(10_000)).ok).toBe(true);
    expect(errorOf("1".repeat(10_001)).message).toContain("too long");
  });

  it("refuses nesting deeper than 100", () => {
    expect(parseExpression(`${"(".repeat(99)}1${")".repeat(99)}`).ok).toBe(true);
    for (const deep of [
      `${"(".repeat(101)}1${")".repeat(101)}`,
      `${"(".repeat(4000)}1${")".repeat(4000)}`,
      `${"-".repeat(5000)}1`,
      `${"not ".repeat(2000)}x`,
      `${"[".repeat(3000)}${"]".repeat(3000)}`,
      `a${".b".repeat(3000)}`,
      `1${" + 1".repeat(2000)}`,
      `len(${"len(".repeat(200)}x${")".repeat(201)}`,
    ]) {
      expect(errorOf(deep).message).toContain("nested too deeply (more than 100 levels)");
    }
  });

  it("accepts long flat input", () => {
    const items = Array.from({ length: 2000 }, (_, i) => String(i)).join(",");
    const parsed = ast(`1999 in [${items}]`);
    expect(evaluateExpression(parsed, {})).toBe(true);
  });
});

describe("parse error messages", () => {
  it("name the column once and what was expected, for a call left open", () => {
    expect(errorOf("contains(a, 'b'")).toEqual({ message: "Unexpected end of expression (expected ',' or ')') at column 16", position: 15 });
  });
});

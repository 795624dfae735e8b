import { describe, expect, it } from "vitest";
import { ExpressionError } from "./expression-error";
import { expressionNames } from "./expression-names";
import { conditionCacheSize, evaluateCondition, parseExpression } from "./parse-expression";
import { isTruthy } from "./values";

describe("isTruthy", () => {
  it("follows Python", () => {
    for (const falsy of [false, null, undefined, 0, -0, "", [], {}]) expect(isTruthy(falsy), JSON.stringify(falsy)).toBe(false);
    for (const truthy of [true, 1, -1, 0.5, NaN, "0", "False", [0], { a: null }, new Date(0)]) {
      expect(isTruthy(truthy), String(truthy)).toBe(true);
    }
  });

  it("ignores keys expressions cannot see", () => {
    expect(isTruthy({ __hidden: 1 })).toBe(false);
  });
});

describe("evaluateCondition", () => {
  it("applies truthiness to the result", () => {
    expect(evaluateCondition("items", { items: [1] })).toBe(true);
    expect(evaluateCondition("items", { items: [] })).toBe(false);
    expect(evaluateCondition("count", { count: 0 })).toBe(false);
    expect(evaluateCondition("status == 'done' and score >= 0.8", { status: "done", score: 0.9 })).toBe(true);
    expect(evaluateCondition("__loop_l < 3", { __loop_l: 1 })).toBe(false);
  });

  it("throws ExpressionError for parse and runtime errors", () => {
    expect(() => evaluateCondition("a ==", {})).toThrow(new ExpressionError("Unexpected end of expression at column 5", 4));
    expect(() => evaluateCondition("a < 'x'", { a: 1 })).toThrow(ExpressionError);
  });

  it("gives the same answer from the cache, for any scope", () => {
    expect(evaluateCondition("x > 1", { x: 2 })).toBe(true);
    expect(evaluateCondition("x > 1", { x: 0 })).toBe(false);
    expect(() => evaluateCondition("x >", {})).toThrow("Unexpected end of expression at column 4");
    expect(() => evaluateCondition("x >", {})).toThrow("Unexpected end of expression at column 4");
  });

  it("keeps the parse cache bounded", () => {
    for (let i = 0; i < 1500; i++) evaluateCondition(`x == ${i}`, { x: i });
    expect(conditionCacheSize()).toBe(1000);
  });
});

describe("expressionNames", () => {
  it("lists top-level names once, in order, skipping members, functions and literals", () => {
    const parsed = parseExpression("len(items) > 0 and user.name in allowed[idx] or not items and True");
    expect(parsed.ok && expressionNames(parsed.expr)).toEqual(["items", "user", "allowed", "idx"]);
  });
});

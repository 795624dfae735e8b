import { describe, expect, it } from "vitest";
import { MAX_VALUE_DEPTH, storableIssue } from "./storable";

const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { k: v };
  return v;
};

describe("storableIssue", () => {
  it("accepts JSON values up to the depth limit", () => {
    expect(storableIssue({ a: [1, "x", null, { b: true }], c: {} })).toBeNull();
    expect(storableIssue("text")).toBeNull();
    expect(storableIssue(nested(MAX_VALUE_DEPTH))).toBeNull();
  });

  it("names where a value nests too deeply, without overflowing on very deep values", () => {
    const issue = storableIssue({ input: nested(MAX_VALUE_DEPTH) });
    expect(issue?.message).toBe(`nested deeper than ${MAX_VALUE_DEPTH} levels`);
    expect(issue?.path.slice(0, 4)).toEqual(["input", 0, "k", 0]);
    expect(issue?.path).toHaveLength(MAX_VALUE_DEPTH);
    const deep = JSON.parse("[".repeat(200_000) + "]".repeat(200_000));
    expect(storableIssue(deep)?.path).toHaveLength(MAX_VALUE_DEPTH);
  });

  it("refuses numbers JSON cannot hold", () => {
    expect(storableIssue(JSON.parse('{"big":[1,1e309]}'))).toEqual({ path: ["big", 1], message: "Infinity has no JSON form (a number past ±1.8e308 reads as Infinity)" });
    expect(storableIssue({ x: Number.NaN })?.path).toEqual(["x"]);
    expect(storableIssue(-Infinity)?.message).toMatch(/^-Infinity has no JSON form/);
    expect(storableIssue({ ok: [0, -1.5, 1e308, Number.MAX_SAFE_INTEGER] })).toBeNull();
  });

  it("refuses bigints, and a __proto__ key only when asked", () => {
    expect(storableIssue({ n: [1, 2n] })).toEqual({ path: ["n", 1], message: "a bigint has no JSON form" });
    const proto = JSON.parse('{"a":{"__proto__":{"x":1}}}');
    expect(storableIssue(proto)).toBeNull();
    expect(storableIssue(proto, { refuseProtoKey: true })).toEqual({ path: ["a", "__proto__"], message: 'the key "__proto__" is not allowed' });
  });
});

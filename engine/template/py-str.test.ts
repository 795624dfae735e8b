import { describe, expect, it } from "vitest";
import { pyRepr, pyStr } from "./py-str";

describe("pyStr", () => {
  it("renders scalars like Python str()", () => {
    expect(pyStr("plain")).toBe("plain");
    expect(pyStr(5)).toBe("5");
    expect(pyStr(-3)).toBe("-3");
    expect(pyStr(1.5)).toBe("1.5");
    expect(pyStr(2.0)).toBe("2");
    expect(pyStr(-0)).toBe("0");
    expect(pyStr(true)).toBe("True");
    expect(pyStr(false)).toBe("False");
    expect(pyStr(null)).toBe("None");
    expect(pyStr(undefined)).toBe("None");
    expect(pyStr(NaN)).toBe("nan");
    expect(pyStr(Infinity)).toBe("inf");
    expect(pyStr(-Infinity)).toBe("-inf");
    expect(pyStr(10n)).toBe("10");
  });

  it("formats floats like Python's repr", () => {
    expect(pyStr(0.1)).toBe("0.1");
    expect(pyStr(0.0001)).toBe("0.0001");
    expect(pyStr(0.00001)).toBe("1e-05");
    expect(pyStr(1.5e-7)).toBe("1.5e-07");
    expect(pyStr(1e16)).toBe("1e+16");
    expect(pyStr(1.2345678901234568e20)).toBe("1.2345678901234568e+20");
    expect(pyStr(1e300)).toBe("1e+300");
    expect(pyStr(9007199254740994)).toBe("9007199254740994.0");
    expect(pyStr(123456.789)).toBe("123456.789");
  });

  it("renders containers as Python repr", () => {
    expect(pyStr({ a: 1, b: [true, null] })).toBe("{'a': 1, 'b': [True, None]}");
    expect(pyStr([])).toBe("[]");
    expect(pyStr({})).toBe("{}");
    expect(pyStr(["x", 1.5, { k: "v" }])).toBe("['x', 1.5, {'k': 'v'}]");
    expect(pyStr([undefined])).toBe("[None]");
  });

  it("marks a container that contains itself instead of recursing", () => {
    const list: unknown[] = [1];
    list.push(list);
    expect(pyStr(list)).toBe("[1, [...]]");
    const dict: Record<string, unknown> = {};
    dict.self = dict;
    expect(pyStr(dict)).toBe("{'self': {...}}");
    const shared = [1];
    expect(pyStr([shared, shared])).toBe("[[1], [1]]");
  });
});

describe("pyRepr of strings", () => {
  it("chooses quotes like Python", () => {
    expect(pyRepr("abc")).toBe("'abc'");
    expect(pyRepr("it's")).toBe(`"it's"`);
    expect(pyRepr(`say "hi"`)).toBe(`'say "hi"'`);
    expect(pyRepr(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(pyRepr("")).toBe("''");
  });

  it("escapes like Python", () => {
    expect(pyRepr("a\\b")).toBe("'a\\\\b'");
    expect(pyRepr("l1\nl2\r\t")).toBe("'l1\\nl2\\r\\t'");
    expect(pyRepr("\x00\x1b\x7f")).toBe("'\\x00\\x1b\\x7f'");
    expect(pyRepr("\u0085\u00a0")).toBe("'\\x85\\xa0'");
    expect(pyRepr("\u2028\u200b")).toBe("'\\u2028\\u200b'");
    expect(pyRepr("\ud800")).toBe("'\\ud800'");
    expect(pyRepr("\u{e0001}")).toBe("'\\U000e0001'");
  });

  it("keeps printable unicode as-is", () => {
    expect(pyRepr("café ñ 日本 😀")).toBe("'café ñ 日本 😀'");
    expect(pyStr(["é"])).toBe("['é']");
  });
});

import { describe, expect, it } from "vitest";
import { evaluateExpression } from "./evaluate";
import { ExpressionError } from "./expression-error";
import { parseExpression } from "./parse-expression";

const scope: Record<string, unknown> = {
  n: 5,
  f: 2.5,
  s: "Hello World",
  empty: "",
  list: [1, "two", { k: [3] }],
  obj: { a: 1, b: { c: "deep" }, "0": "zero", __hidden: 1 },
  none: null,
  yes: true,
  __loop_x: 7,
};

function run(source: string, vars: Record<string, unknown> = scope): unknown {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return evaluateExpression(parsed.expr, vars);
}

function runtimeError(source: string): ExpressionError {
  try {
    run(source);
  } catch (err) {
    if (err instanceof ExpressionError) return err;
    throw err;
  }
  throw new Error(`expected ${source} to fail`);
}

describe("names beyond ASCII", () => {
  it("reads state keys in any script, as templates do", () => {
    expect(run("größe > 3 and ключ == 'ja'", { größe: 5, ключ: "ja" })).toBe(true);
    expect(run("len(名前.список)", { 名前: { список: [1, 2] } })).toBe(2);
  });
});

describe("literals and names", () => {
  it.each([
    ["1.5", 1.5],
    ["1e3", 1000],
    ["'a' + \"b\"", "ab"],
    ["true", true],
    ["False", false],
    ["None", null],
    ["n", 5],
    ["missing", null],
    ["obj.b.c", "deep"],
    ['obj["a"]', 1],
    ["obj[0]", "zero"],
    ["list[0]", 1],
    ["list[-1].k[0]", 3],
    ["list[9]", null],
    ["s[0]", "H"],
    ["s[-1]", "d"],
    ["missing.x.y", null],
    ["none[0]", null],
    ["list.length", null],
    ["s.length", null],
    ["obj.zzz", null],
    ["[n, 'x']", [5, "x"]],
  ])("%s", (source, expected) => {
    expect(run(source)).toEqual(expected);
  });
});

describe("arithmetic", () => {
  it.each([
    ["n + 1", 6],
    ["n - 7", -2],
    ["n * f", 12.5],
    ["n / 2", 2.5],
    ["7 % 3", 1],
    ["-7 % 3", 2],
    ["7 % -3", -2],
    ["-n", -5],
    ["+n", 5],
    ["2 + 3 * 4", 14],
    ["(2 + 3) * 4", 20],
    ["'a' + 'b'", "ab"],
    ["[1] + [2, 3]", [1, 2, 3]],
  ])("%s", (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it("rejects mixed types and division by zero with a readable message", () => {
    expect(runtimeError("n + s").message).toBe("unsupported operand types for +: number and string in 'n + s'");
    expect(runtimeError("missing + 1").message).toBe("unsupported operand types for +: null and number in 'missing + 1'");
    expect(runtimeError("s * 2").message).toBe("unsupported operand types for *: string and number in 's * 2'");
    expect(runtimeError("n / 0").message).toBe("division by zero in 'n / 0'");
    expect(runtimeError("n % 0").message).toBe("modulo by zero in 'n % 0'");
    expect(runtimeError("-s").message).toBe("bad operand type for unary -: string in '-s'");
    const error = runtimeError("1 + (n - s)");
    expect(error.position).toBe(5);
    const long = runtimeError(`n < s ${"and true ".repeat(50)}`);
    expect(long.message).toBe(`cannot compare number with string in 'n < s'`);
    const wide = runtimeError(`n + (${"1 + ".repeat(80)}s)`);
    expect(wide.message.length).toBeLessThan(220);
    expect(wide.message).toMatch(/…'$/);
  });
});

describe("comparisons", () => {
  it.each([
    ["n == 5", true],
    ["n == 5.0", true],
    ["'1' == 1", false],
    ["n != 4", true],
    ["list == [1, 'two', list[2]]", true],
    ["obj.b == obj.b", true],
    ["[1, [2]] == [1, [2]]", true],
    ["[1, 2] == [2, 1]", false],
    ["n < 6", true],
    ["n <= 5", true],
    ["n > 5", false],
    ["n >= 5", true],
    ["'abc' < 'abd'", true],
    ["1 < n < 10", true],
    ["1 < n < 3", false],
    ["missing == null", true],
    ["none == None", true],
    ["missing != null", false],
    ["n == null", false],
    ["missing < 1", false],
    ["missing >= 1", false],
    ["1 > missing", false],
    ["missing == 0", false],
  ])("%s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it("compares objects structurally, ignoring key order", () => {
    expect(run("a == b", { a: { x: 1, y: [2] }, b: { y: [2], x: 1 } })).toBe(true);
    expect(run("a == b", { a: { x: 1 }, b: { x: 1, y: 2 } })).toBe(false);
  });

  it("rejects ordering mismatched types", () => {
    expect(runtimeError("n < s").message).toBe("cannot compare number with string in 'n < s'");
    expect(runtimeError("yes > 0").message).toBe("cannot compare boolean with number in 'yes > 0'");
    expect(runtimeError("list < list").message).toBe("cannot compare array with array in 'list < list'");
  });
});

describe("in", () => {
  it.each([
    ["'World' in s", true],
    ["'world' in s", false],
    ["'two' in list", true],
    ["3 in list", false],
    ["list[2] in list", true],
    ["'a' in obj", true],
    ["'zzz' in obj", false],
    ["'__hidden' in obj", false],
    ["'constructor' in obj", false],
    ["'toString' in obj", false],
    ["'x' in missing", false],
    ["'x' not in missing", true],
    ["'two' not in list", false],
    ["1 in obj", false],
  ])("%s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it("rejects what cannot contain anything", () => {
    expect(runtimeError("1 in s").message).toBe("'in <string>' needs a string on the left, not number in '1 in s'");
    expect(runtimeError("1 in n").message).toBe("cannot test membership in number in '1 in n'");
  });
});

describe("logic", () => {
  it("returns booleans and short-circuits", () => {
    expect(run("n and s")).toBe(true);
    expect(run("empty or none")).toBe(false);
    expect(run("empty or n")).toBe(true);
    expect(run("false and (1 / 0)")).toBe(false);
    expect(run("true or (1 / 0)")).toBe(true);
    expect(run("missing != null && missing.x > 1")).toBe(false);
    expect(() => run("true and (1 / 0)")).toThrow("division by zero");
    expect(run("not empty")).toBe(true);
    expect(run("!n")).toBe(false);
    expect(run("1 > 2 > (1 / 0)")).toBe(false);
  });
});

describe("functions", () => {
  it.each([
    ["len(s)", 11],
    ["len('😀é')", 2],
    ["len('a\\ud800b')", 3],
    ["len(list)", 3],
    ["len(obj)", 3],
    ["lower(s)", "hello world"],
    ["upper('abc')", "ABC"],
    ["contains(s, 'World')", true],
    ["contains(list, 'two')", true],
    ["contains(obj, 'a')", true],
    ["contains(missing, 'a')", false],
    ["startswith(s, 'Hell')", true],
    ["startswith(s, 'hell')", false],
    ["number('42')", 42],
    ["number(' -1.5e2 ')", -150],
    ["number(n)", 5],
    ["number(true)", 1],
    ["string(n)", "5"],
    ["string(yes)", "True"],
    ["string(none)", "None"],
    ["string(list)", "[1, 'two', {'k': [3]}]"],
    ["string(n) + '!'", "5!"],
  ])("%s", (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it("fails readably on wrong argument types", () => {
    expect(runtimeError("len(n)").message).toBe("len() needs a string, array or object, got number in 'len(n)'");
    expect(runtimeError("len(missing)").message).toBe("len() needs a string, array or object, got null in 'len(missing)'");
    expect(runtimeError("lower(n)").message).toBe("lower() needs a string, got number in 'lower(n)'");
    expect(runtimeError("startswith(s, 1)").message).toBe("startswith() needs a string, got number in 'startswith(s, 1)'");
    expect(runtimeError("number('abc')").message).toBe("cannot convert 'abc' to a number in 'number('abc')'");
    expect(runtimeError("number('')").message).toBe("cannot convert '' to a number in 'number('')'");
    expect(runtimeError("number(none)").message).toBe("cannot convert null to a number in 'number(none)'");
  });
});

describe("injection attempts", () => {
  it("never reaches prototypes or internal state", () => {
    for (const source of [
      "constructor",
      "__proto__",
      "prototype",
      "__loop_x",
      "obj.constructor",
      "obj.__proto__",
      "obj['__proto__']",
      "obj['constructor']",
      "obj.__hidden",
      "obj.toString",
      "obj.valueOf",
      "obj.hasOwnProperty",
      "s.constructor",
      "list.constructor",
      "list['map']",
      "n.toFixed",
      "obj.constructor.constructor",
    ]) {
      expect(run(source), source).toBeNull();
    }
  });

  it("treats own keys with dangerous names as absent", () => {
    const hostile = JSON.parse('{"o": {"__proto__": {"x": 1}, "constructor": 2, "prototype": 3}}') as Record<string, unknown>;
    expect(run("o.__proto__", hostile)).toBeNull();
    expect(run("o['constructor']", hostile)).toBeNull();
    expect(run("o.prototype", hostile)).toBeNull();
    expect(run("len(o)", hostile)).toBe(0);
  });

  it("does not read through the scope's prototype chain or host objects", () => {
    const inherited = Object.create({ secret: 1 }) as Record<string, unknown>;
    expect(run("secret", inherited)).toBeNull();
    expect(run("m.size", { m: new Map() })).toBeNull();
    expect(run("d.getTime", { d: new Date(0) })).toBeNull();
    expect(run("fn.name", { fn: () => 1 })).toBeNull();
  });

  it("cannot call anything but the whitelisted functions", () => {
    for (const source of [
      'a.constructor.constructor("return process")()',
      "constructor('x')",
      "eval('1')",
      "obj.toString()",
      "(len)(s)",
      "len(s)(1)",
    ]) {
      expect(parseExpression(source).ok, source).toBe(false);
    }
  });
});

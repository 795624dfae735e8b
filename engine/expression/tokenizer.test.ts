import { describe, expect, it } from "vitest";
import { ExpressionError } from "./expression-error";
import { tokenize } from "./tokenizer";

const kinds = (source: string) => tokenize(source).map((t) => `${t.type}:${t.value}`);

describe("tokenize", () => {
  it("splits numbers, words, strings and operators", () => {
    expect(kinds("a.b >= 1.5e3 && !x")).toEqual(["name:a", "op:.", "name:b", "op:>=", "number:1.5e3", "op:&&", "op:!", "name:x", "eof:"]);
    expect(kinds("x not in [1,2]")).toEqual(["name:x", "name:not", "name:in", "op:[", "number:1", "op:,", "number:2", "op:]", "eof:"]);
  });

  it("takes names in any script, as Python's identifiers", () => {
    expect(kinds("größe > 3 and ключ == 'x' and 名前 != null and _é1")).toEqual([
      "name:größe", "op:>", "number:3", "name:and", "name:ключ", "op:==", "string:x", "name:and", "name:名前", "op:!=", "name:null", "name:and", "name:_é1", "eof:",
    ]);
    expect(() => tokenize("1x € 2")).toThrow("Unexpected character '€' at column 4");
  });

  it("decodes string escapes like Python", () => {
    const value = (source: string) => tokenize(source)[0].value;
    expect(value(`'it\\'s'`)).toBe("it's");
    expect(value(`"say \\"hi\\""`)).toBe('say "hi"');
    expect(value(`'a\\nb\\t\\\\'`)).toBe("a\nb\t\\");
    expect(value(`'\\x41\\u00e9'`)).toBe("Aé");
    expect(value(`'\\d'`)).toBe("\\d");
    expect(value(`"it's"`)).toBe("it's");
  });

  it("reports bad characters and unterminated strings with their position", () => {
    expect(() => tokenize("a = 1")).toThrow(new ExpressionError("Unexpected character '=' (use '==' to compare) at column 3", 2));
    expect(() => tokenize("x == 'abc")).toThrow("Unterminated string starting at column 6");
    expect(() => tokenize("a ; b")).toThrow("Unexpected character ';' at column 3");
    expect(() => tokenize("'\\x4'")).toThrow("Invalid escape '\\x' at column 2");
  });
});

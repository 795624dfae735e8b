import { describe, expect, it } from "vitest";
import { MISSING, parseField, resolveField } from "./field-path";

describe("parseField", () => {
  it("parses attribute and index chains", () => {
    expect(parseField("a.b[0].c")).toEqual({
      root: "a",
      steps: [
        { kind: "attr", name: "b" },
        { kind: "index", key: 0 },
        { kind: "attr", name: "c" },
      ],
    });
    expect(parseField("a[name][x.y]")).toEqual({
      root: "a",
      steps: [
        { kind: "index", key: "name" },
        { kind: "index", key: "x.y" },
      ],
    });
  });

  it("refuses what Python refuses or what templates do not support", () => {
    for (const bad of ["", "0", ".a", "a.", "a..b", "a[]", "a[0", "a[0]b", "x:>10", "x!r", "a[-]b"]) {
      expect(parseField(bad), bad).toBeNull();
    }
  });
});

describe("resolveField", () => {
  const state = { a: { b: [{ c: 1 }] }, s: "héllo", __loop_x: 3, n: null, list: [10, 20] };
  const resolve = (field: string) => resolveField(parseField(field)!, state);

  it("walks own properties", () => {
    expect(resolve("a.b[0].c")).toBe(1);
    expect(resolve("a[b][0][c]")).toBe(1);
    expect(resolve("s[1]")).toBe("é");
    expect(resolve("n")).toBeNull();
  });

  it("treats missing, internal and prototype names as missing", () => {
    for (const field of ["zzz", "a.x", "list[5]", "list[-1]", "__loop_x", "a.constructor", "a.__proto__", "n.x", "list.length", "s.length", "a.toString"]) {
      expect(resolve(field), field).toBe(MISSING);
    }
  });
});

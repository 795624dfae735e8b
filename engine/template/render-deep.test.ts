import { describe, expect, it } from "vitest";
import { renderDeep } from "./render-deep";

describe("renderDeep", () => {
  const state = { name: "Ada", n: 3 };

  it("renders every string leaf and keeps the rest", () => {
    const config = {
      url: "https://x/{name}",
      params: { count: "{n}", keep: 7, flag: true, none: null, list: ["{name}", 1, ["{n}"]] },
      "{name}": "key not templated",
    };
    expect(renderDeep(config, state)).toEqual({
      url: "https://x/Ada",
      params: { count: "3", keep: 7, flag: true, none: null, list: ["Ada", 1, ["3"]] },
      "{name}": "key not templated",
    });
  });

  it("returns a new structure without touching the input", () => {
    const config = { a: { b: "{name}" }, c: ["{n}"] };
    const out = renderDeep(config, state);
    expect(config).toEqual({ a: { b: "{name}" }, c: ["{n}"] });
    expect(out.a).not.toBe(config.a);
    expect(out.c).not.toBe(config.c);
  });

  it("renders a bare string and leaves non-strings alone", () => {
    expect(renderDeep("{name}", state)).toBe("Ada");
    expect(renderDeep(5, state)).toBe(5);
    expect(renderDeep(null, state)).toBeNull();
  });

  it("keeps a __proto__ key as a plain own key", () => {
    const config = JSON.parse('{"__proto__": {"polluted": "{name}"}}') as Record<string, unknown>;
    const out = renderDeep(config, state);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

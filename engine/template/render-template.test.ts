import { describe, expect, it } from "vitest";
import { renderTemplate, templatePlaceholders } from "./render-template";

const state = {
  ticket: "T-1",
  n: 5,
  f: 1.5,
  ok: true,
  none: null,
  user: { name: "Ada", tags: ["x", "y"], "0": "zero" },
  a: { b: [{ c: "deep" }] },
  obj: { a: 1, b: [true, null] },
  __loop_x: 2,
  evil: "{ticket}",
  text: "abc",
};

describe("renderTemplate", () => {
  it("interpolates keys, attributes and indexes", () => {
    expect(renderTemplate("Ticket {ticket}", state)).toBe("Ticket T-1");
    expect(renderTemplate("{user.name}/{user.tags[1]}", state)).toBe("Ada/y");
    expect(renderTemplate("{a.b[0].c}", state)).toBe("deep");
    expect(renderTemplate("{user[name]} {user[0]}", state)).toBe("Ada zero");
    expect(renderTemplate("{text[0]}", state)).toBe("a");
  });

  it("always yields a string, rendering values like Python str()", () => {
    expect(renderTemplate("{n}", state)).toBe("5");
    expect(renderTemplate("{f}", state)).toBe("1.5");
    expect(renderTemplate("{ok} {none}", state)).toBe("True None");
    expect(renderTemplate("{obj}", state)).toBe("{'a': 1, 'b': [True, None]}");
    expect(renderTemplate("{user.tags}", state)).toBe("['x', 'y']");
  });

  it("turns doubled braces into literal braces", () => {
    expect(renderTemplate("{{literal}} {n}", state)).toBe("{literal} 5");
    expect(renderTemplate("{{{n}}}", state)).toBe("{5}");
    expect(renderTemplate("}}", state)).toBe("}");
    expect(renderTemplate("{{{n}", state)).toBe("{5");
    expect(renderTemplate("no braces", state)).toBe("no braces");
  });

  it("leaves the whole string unchanged when any placeholder does not resolve", () => {
    for (const t of [
      "{{x}} {ticket} {missing}",
      "{ticket} {user.age}",
      "{user.tags[9]}",
      "{n.x}",
      "{user.tags.x}",
      "{ ticket }",
      "{}",
      "{0}",
      "{n:>10}",
      "{n!r}",
      "{a.b[0}",
    ]) {
      expect(renderTemplate(t, state), t).toBe(t);
    }
  });

  it("leaves malformed braces unchanged", () => {
    for (const t of ["{{ok}} {ticket", "a } b {n}", "{a{n}}", "{n}{"]) {
      expect(renderTemplate(t, state), t).toBe(t);
    }
  });

  it("resists injection", () => {
    for (const t of [
      "{__proto__}",
      "{constructor}",
      "{constructor.name}",
      "{ticket.constructor}",
      "{user.__proto__}",
      "{user.constructor.name}",
      "{a.__class__}",
      "{__loop_x}",
      "{prototype}",
      "{user.toString}",
      "{user.tags.length}",
      "{text.length}",
    ]) {
      expect(renderTemplate(t, state), t).toBe(t);
    }
  });

  it("never resolves forbidden keys even when the data holds them as own keys", () => {
    const hostile = JSON.parse('{"__proto__": {"x": 1}, "o": {"constructor": "c", "prototype": "p", "__x": "ok"}}');
    expect(renderTemplate("{__proto__}", hostile)).toBe("{__proto__}");
    expect(renderTemplate("{o.constructor}", hostile)).toBe("{o.constructor}");
    expect(renderTemplate("{o[prototype]}", hostile)).toBe("{o[prototype]}");
    expect(renderTemplate("{o.__x}", hostile)).toBe("ok");
  });

  it("does not walk host objects or the prototype chain", () => {
    const inherited = Object.create({ secret: "s" }) as Record<string, unknown>;
    const scope = { m: new Map([["k", 1]]), d: new Date(0), inherited, fn: () => 1 };
    expect(renderTemplate("{m.k}", scope)).toBe("{m.k}");
    expect(renderTemplate("{d.getTime}", scope)).toBe("{d.getTime}");
    expect(renderTemplate("{inherited.secret}", scope)).toBe("{inherited.secret}");
    expect(renderTemplate("{fn.name}", scope)).toBe("{fn.name}");
    expect(renderTemplate("{x}", Object.create({ x: 1 }) as Record<string, unknown>)).toBe("{x}");
  });

  it("does not re-render substituted values", () => {
    expect(renderTemplate("{evil}", state)).toBe("{ticket}");
    expect(renderTemplate("{evil}{{", state)).toBe("{ticket}{");
  });

  it("handles large templates in linear time", () => {
    const big = "{ticket} ".repeat(50_000);
    const started = performance.now();
    expect(renderTemplate(big, state)).toBe("T-1 ".repeat(50_000));
    expect(renderTemplate("{".repeat(100_000), state)).toBe("{".repeat(50_000));
    expect(renderTemplate("{".repeat(100_001), state)).toBe("{".repeat(100_001));
    expect(renderTemplate("{a".repeat(50_000), state)).toBe("{a".repeat(50_000));
    expect(renderTemplate(`${"{{".repeat(200_000)}x`, state)).toBe(`${"{".repeat(200_000)}x`);
    expect(renderTemplate(`${"}}".repeat(200_000)}{n}`, state)).toBe(`${"}".repeat(200_000)}5`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("templatePlaceholders", () => {
  it("lists field names in order of first use", () => {
    expect(templatePlaceholders("Hi {ticket}, {a.b[0]} and {ticket} {{not}}")).toEqual(["ticket", "a.b[0]"]);
    expect(templatePlaceholders("plain")).toEqual([]);
    expect(templatePlaceholders("{}{x:>3}")).toEqual(["x:>3"]);
  });

  it("stops at the first malformed brace", () => {
    expect(templatePlaceholders("{a} } {b}")).toEqual(["a"]);
    expect(templatePlaceholders("{a} {b")).toEqual(["a"]);
  });
});

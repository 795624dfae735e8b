import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";

describe("canonicalJson", () => {
  it("sorts keys at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});

describe("timestamps", () => {
  it("writes Prisma's form and reads every stored form back as ISO", () => {
    const d = new Date("2026-03-04T05:06:07.089Z");
    expect(toSqlTimestamp(d)).toBe("2026-03-04T05:06:07.089+00:00");
    expect(toIsoTimestamp(toSqlTimestamp(d))).toBe(d.toISOString());
    expect(toIsoTimestamp("2026-03-04 05:06:07")).toBe("2026-03-04T05:06:07.000Z");
    expect(toIsoTimestamp(d.getTime())).toBe(d.toISOString());
  });
});

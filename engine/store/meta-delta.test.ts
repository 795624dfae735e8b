import { describe, expect, it } from "vitest";
import type { SchedulerMeta } from "../ports";
import { applyMetaDelta, diffMeta, jsonEqual } from "./meta-delta";

const base = (): SchedulerMeta => ({ marks: { a: { e1: "fired" }, b: { e2: "dead", e3: "fired" } }, node_executions: 4, elapsed_ms: 10 });

describe("meta delta", () => {
  it("records only changed entries and plain values, and applies back to the same meta", () => {
    const previous = base();
    const next: SchedulerMeta = { marks: { b: { e2: "dead", e3: "fired" }, c: { e4: "fired" }, a2: {} }, node_executions: 5, elapsed_ms: 10 };
    const delta = diffMeta(previous, next);
    expect(delta).toEqual({ values: { node_executions: 5 }, maps: { marks: { set: { c: { e4: "fired" }, a2: {} }, unset: ["a"] } } });
    const copy = base();
    applyMetaDelta(copy, JSON.parse(JSON.stringify(delta)));
    expect(copy).toEqual(next);
  });

  it("detects a changed entry inside a map", () => {
    const next = base();
    next.marks.b = { e2: "fired", e3: "fired" };
    expect(diffMeta(base(), next)?.maps.marks).toEqual({ set: { b: { e2: "fired", e3: "fired" } }, unset: [] });
    expect(diffMeta(base(), base())).toEqual({ values: {}, maps: {} });
  });

  it("gives up (null) when the shape changes, so the meta is stored whole", () => {
    const extra = { ...base(), extra: 1 } as SchedulerMeta;
    expect(diffMeta(base(), extra)).toBeNull();
    expect(diffMeta(extra, base())).toBeNull();
    const kind = { ...base(), marks: [] } as unknown as SchedulerMeta;
    expect(diffMeta(base(), kind)).toBeNull();
  });

  it("compares JSON values structurally", () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: [1] }, { a: { 0: 1 } })).toBe(false);
    expect(jsonEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});

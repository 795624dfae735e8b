import { describe, expect, it } from "vitest";
import type { Graph } from "@/engine/graph/schema";
import { isLayoutOnlyChange } from "./layout-only";

const graph = (x = 0, prompt = "hi"): Graph =>
  ({
    nodes: [
      { id: "a", type: "agent", position: { x, y: 0 }, config: { model: "m", prompt } },
      { id: "b", type: "merge", position: { x: 200, y: 0 }, config: {} },
    ],
    edges: [{ id: "e", source: "a", target: "b" }],
  }) as unknown as Graph;

describe("isLayoutOnlyChange", () => {
  it("is true when only a node moved", () => {
    expect(isLayoutOnlyChange(graph(0), graph(40))).toBe(true);
  });
  it("is false when a config changed, even if a node moved too", () => {
    expect(isLayoutOnlyChange(graph(0), graph(40, "hello"))).toBe(false);
  });
  it("is false for identical graphs (no change at all)", () => {
    expect(isLayoutOnlyChange(graph(0), graph(0))).toBe(false);
  });
  it("is false when an edge is added", () => {
    const after = graph(0);
    after.edges.push({ id: "e2", source: "b", target: "a" } as Graph["edges"][number]);
    expect(isLayoutOnlyChange(graph(0), after)).toBe(false);
  });
});

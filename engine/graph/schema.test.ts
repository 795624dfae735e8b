import { describe, expect, it } from "vitest";
import { MAX_COORDINATE, parseGraph, storedGraphSchema } from "./schema";

const at = (x: number, y: number) => ({ nodes: [{ id: "a", type: "agent", position: { x, y }, config: { model: "mock" } }], edges: [] });

describe("graph schema: positions", () => {
  it("accepts positions a canvas can draw, and a missing one as the origin", () => {
    expect(parseGraph(at(MAX_COORDINATE, -MAX_COORDINATE)).success).toBe(true);
    expect(parseGraph({ nodes: [{ id: "a", type: "agent", config: { model: "mock" } }], edges: [] }).data?.nodes[0].position).toEqual({ x: 0, y: 0 });
  });

  it("refuses positions past ten million pixels, naming the coordinate", () => {
    const far = parseGraph(at(1e300, -5e15));
    expect(far.success).toBe(false);
    expect(far.error?.issues.map((i) => i.path.join("."))).toEqual(["nodes.0.position.x", "nodes.0.position.y"]);
    // A graph stored before the bound still reads.
    expect(storedGraphSchema.safeParse(at(1e300, -5e15)).success).toBe(true);
  });
});

describe("graph schema: the NUL character", () => {
  it("refuses it in ids and labels (kept as text of their own), keeps it in other strings, and still reads a graph stored before the rule", () => {
    const graph = {
      nodes: [
        { id: "a\u0000", type: "agent", config: { model: "mock", label: "A\u0000", user_message: "hi \u0000" } },
        { id: "b", type: "agent", config: { model: "mock", user_message: "\u0000" } },
      ],
      edges: [{ id: "e\u0000", source: "a\u0000", target: "b" }],
    };
    const parsed = parseGraph(graph);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["nodes.0.id", "must not contain the NUL character (U+0000)"],
      ["nodes.0.config.label", "must not contain the NUL character (U+0000)"],
      ["edges.0.id", "must not contain the NUL character (U+0000)"],
      ["edges.0.source", "must not contain the NUL character (U+0000)"],
    ]);
    expect(storedGraphSchema.safeParse(graph).success).toBe(true);
    expect(parseGraph({ ...graph, nodes: [{ ...graph.nodes[0], id: "a", config: { model: "mock", user_message: "hi \u0000" } }, graph.nodes[1]], edges: [] }).success).toBe(true);
  });
});

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

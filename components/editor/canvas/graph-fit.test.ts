import { describe, expect, it } from "vitest";
import type { WorkflowNode } from "../flow-types";
import { graphSize } from "./graph-fit";

const node = (x: number, y: number, measured?: { width: number; height: number }) => ({ id: `${x},${y}`, type: "agent", position: { x, y }, data: {}, measured }) as unknown as WorkflowNode;

describe("graphSize", () => {
  it("is zero for no nodes", () => {
    expect(graphSize([])).toEqual({ width: 0, height: 0 });
  });

  it("spans the nodes, using measured sizes where known and an estimate otherwise", () => {
    expect(graphSize([node(0, 0, { width: 240, height: 72 }), node(1000, 500, { width: 240, height: 72 })])).toEqual({ width: 1240, height: 572 });
    expect(graphSize([node(-100, 0)])).toEqual({ width: 240, height: 110 });
  });
});

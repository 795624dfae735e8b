import { describe, expect, it } from "vitest";
import { backEdgePath, roundedPath } from "./edge-path";

describe("edge paths", () => {
  it("rounds the corners of a polyline and ends on its last point", () => {
    expect(roundedPath([[0, 0], [100, 0], [100, 100]])).toBe("M 0 0 L 90 0 Q 100 0 100 10 L 100 100");
  });

  it("routes a backward edge below both nodes, from the source's right to the target's left", () => {
    const [path, labelX, labelY] = backEdgePath(500, 100, 0, 120, 180);
    expect(path.startsWith("M 500 100")).toBe(true);
    expect(path.endsWith("L 0 120")).toBe(true);
    expect(labelY).toBe(216);
    expect(labelX).toBe(250);
    const ys = [...path.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map((m) => Number(m[2]));
    expect(Math.max(...ys)).toBe(216);
  });
});

import { describe, expect, it } from "vitest";
import { boxesOf, freeSpot, NODE_SIZE } from "./free-spot";

const box = (x: number, y: number) => ({ x, y, ...NODE_SIZE });
const overlap = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  a.x < b.x + NODE_SIZE.width && b.x < a.x + NODE_SIZE.width && a.y < b.y + NODE_SIZE.height && b.y < a.y + NODE_SIZE.height;

describe("freeSpot", () => {
  it("keeps a free spot", () => {
    expect(freeSpot({ x: 0, y: 0 }, [box(600, 0)])).toEqual({ x: 0, y: 0 });
  });

  it("moves off a taken spot, below it first", () => {
    const p = freeSpot({ x: 0, y: 0 }, [box(0, 0)]);
    expect(p.x).toBe(0);
    expect(p.y).toBeGreaterThanOrEqual(NODE_SIZE.height);
  });

  it("places nodes added again and again at one spot so that none overlaps another", () => {
    const placed: { x: number; y: number }[] = [];
    for (let i = 0; i < 25; i++) placed.push(freeSpot({ x: 100, y: 100 }, placed.map((p) => box(p.x, p.y))));
    for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(overlap(placed[i], placed[j]), `${i} and ${j}`).toBe(false);
  });

  it("uses measured sizes where the canvas has them", () => {
    expect(boxesOf([{ position: { x: 1, y: 2 }, measured: { width: 300, height: 140 } }, { position: { x: 5, y: 6 } }])).toEqual([
      { x: 1, y: 2, width: 300, height: 140 },
      { x: 5, y: 6, ...NODE_SIZE },
    ]);
  });
});

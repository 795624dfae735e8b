import { describe, expect, it } from "vitest";
import { findBackEdges } from "./find-back-edges";
import { graphFixture } from "./graph-fixture";

const ids = (edges: { id: string }[]) => edges.map((e) => e.id);

describe("findBackEdges", () => {
  it("finds the edge that returns to the loop body", () => {
    const g = graphFixture("start body loop:loop end", "start>body body>loop loop>body:true loop>end:false");
    expect(ids(findBackEdges(g))).toEqual(["e3"]);
  });

  it("finds the edge back into the loop node when the loop comes first", () => {
    const g = graphFixture("start loop:loop body end", "start>loop loop>body:true body>loop loop>end:false");
    expect(ids(findBackEdges(g))).toEqual(["e3"]);
  });

  it("finds none in a diamond and counts a self-loop", () => {
    expect(findBackEdges(graphFixture("a b c d", "a>b a>c b>d c>d"))).toEqual([]);
    expect(ids(findBackEdges(graphFixture("a l:loop", "a>l l>l:true")))).toEqual(["e2"]);
  });

  it("covers cycles no start node reaches", () => {
    expect(ids(findBackEdges(graphFixture("a b c", "b>c c>b")))).toEqual(["e2"]);
  });

  it("handles a 10,000-node chain without recursion", () => {
    const n = 10_000;
    const nodes = Array.from({ length: n }, (_, i) => `n${i}`).join(" ");
    const edges = Array.from({ length: n }, (_, i) => `n${i}>n${(i + 1) % n}`).join(" ");
    const back = findBackEdges(graphFixture(nodes, edges));
    expect(back.map((e) => [e.source, e.target])).toEqual([[`n${n - 1}`, "n0"]]);
  });
});

import { describe, expect, it } from "vitest";
import { findCyclesWithoutLoop } from "./find-cycles-without-loop";
import { graphFixture } from "./graph-fixture";

describe("findCyclesWithoutLoop", () => {
  it("accepts a cycle through a loop node", () => {
    const g = graphFixture("s body l:loop end", "s>body body>l l>body:true l>end:false");
    expect(findCyclesWithoutLoop(g)).toEqual([]);
  });

  it("reports a cycle of ordinary nodes once, with one concrete cycle", () => {
    const g = graphFixture("s a b c", "s>a a>b b>c c>a b>a");
    expect(findCyclesWithoutLoop(g)).toEqual([{ nodes: ["a", "b", "c"], cycle: ["a", "b"] }]);
  });

  it("reports a self-loop on a non-loop node", () => {
    expect(findCyclesWithoutLoop(graphFixture("s a", "s>a a>a"))).toEqual([{ nodes: ["a"], cycle: ["a"] }]);
  });

  it("finds a cycle that avoids the loop node inside a loop's component", () => {
    const g = graphFixture("s l:loop a b", "s>l l>a:true a>b b>a b>l");
    expect(findCyclesWithoutLoop(g)).toEqual([{ nodes: ["a", "b"], cycle: ["a", "b"] }]);
  });

  it("reports separate cycles separately, in declaration order", () => {
    const g = graphFixture("x y p q", "p>q q>p x>y y>x");
    expect(findCyclesWithoutLoop(g).map((c) => c.nodes)).toEqual([["x", "y"], ["p", "q"]]);
  });
});

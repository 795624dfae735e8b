import { describe, expect, it } from "vitest";
import { findReachable } from "./find-reachable";
import { graphFixture } from "./graph-fixture";

describe("findReachable", () => {
  it("returns the start nodes and everything downstream of them", () => {
    const g = graphFixture("a b c island1 island2", "a>b b>c island1>island2 island2>island1");
    expect([...findReachable(g)].sort()).toEqual(["a", "b", "c"]);
  });

  it("returns nothing without a start node", () => {
    expect(findReachable(graphFixture("a b", "a>b b>a")).size).toBe(0);
  });
});

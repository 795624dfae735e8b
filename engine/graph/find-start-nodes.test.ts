import { describe, expect, it } from "vitest";
import { findStartNodes } from "./find-start-nodes";
import { graphFixture } from "./graph-fixture";

describe("findStartNodes", () => {
  it("returns every node without an incoming edge, in declaration order", () => {
    expect(findStartNodes(graphFixture("c a b m:merge", "a>m b>m"))).toEqual(["c", "a", "b"]);
  });

  it("ignores edges from nodes that do not exist", () => {
    expect(findStartNodes(graphFixture("a b", "ghost>a a>b"))).toEqual(["a"]);
  });

  it("returns nothing when every node has an incoming edge", () => {
    expect(findStartNodes(graphFixture("a b", "a>b b>a"))).toEqual([]);
    expect(findStartNodes(graphFixture("a", "a>a"))).toEqual([]);
  });
});

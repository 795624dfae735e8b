import { describe, expect, it } from "vitest";
import { buildGraphIndex } from "./build-graph-index";
import { buildBranchTags, onExclusiveBranches } from "./branch-exclusivity";
import { stronglyConnectedComponents } from "./strongly-connected-components";
import { graphFixture } from "./graph-fixture";
import type { Graph } from "./schema";

function exclusive(g: Graph, a: string, b: string): boolean {
  const index = buildGraphIndex(g);
  const tags = buildBranchTags(index, stronglyConnectedComponents(index));
  return onExclusiveBranches(tags.get(a) ?? null, tags.get(b) ?? null);
}

describe("branch exclusivity", () => {
  it("separates the true and false sides of a condition that runs once, down the chain", () => {
    const g = graphFixture("s c:condition t1 t2 f1", "s>c c>t1:true t1>t2 c>f1:false");
    expect(exclusive(g, "t2", "f1")).toBe(true);
    expect(exclusive(g, "t1", "t2")).toBe(false);
  });

  it("sees through a nested condition", () => {
    const g = graphFixture("s c:condition d:condition x y", "s>c c>d:true d>x:true c>y:false");
    expect(exclusive(g, "x", "y")).toBe(true);
  });

  it("does not trust a condition that can run twice", () => {
    const g = graphFixture("s1 s2 c:condition t f", "s1>c s2>c c>t:true c>f:false");
    expect(exclusive(g, "t", "f")).toBe(false);
  });

  it("does not trust a node with a second way in", () => {
    const g = graphFixture("s c:condition t f", "s>c c>t:true c>f:false s>f");
    expect(exclusive(g, "t", "f")).toBe(false);
  });

  it("does not trust a condition inside a loop", () => {
    const g = graphFixture("s l:loop c:condition t f", "s>l l>c:true c>t:true c>f:false f>l");
    expect(exclusive(g, "t", "f")).toBe(false);
  });

  it("trusts a condition after a merge of once-only nodes", () => {
    const g = graphFixture("a b m:merge c:condition t f", "a>m b>m m>c c>t:true c>f:false");
    expect(exclusive(g, "t", "f")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { buildGraphIndex } from "./build-graph-index";
import { stronglyConnectedComponents } from "./strongly-connected-components";
import { graphFixture } from "./graph-fixture";

describe("stronglyConnectedComponents", () => {
  it("groups cycles and orders components so each follows what it reaches", () => {
    const index = buildGraphIndex(graphFixture("a b c d e", "a>b b>c c>b c>d d>e"));
    const { components, componentOf } = stronglyConnectedComponents(index);
    expect(components).toEqual([["e"], ["d"], ["b", "c"], ["a"]]);
    expect(componentOf.get("b")).toBe(componentOf.get("c"));
  });

  it("leaves skipped nodes out, breaking the cycles through them", () => {
    const index = buildGraphIndex(graphFixture("a b l:loop", "a>b b>l l>a:true"));
    expect(stronglyConnectedComponents(index).components).toEqual([["a", "b", "l"]]);
    const { components, componentOf } = stronglyConnectedComponents(index, (id) => id === "l");
    expect(components).toEqual([["b"], ["a"]]);
    expect(componentOf.has("l")).toBe(false);
  });

  it("handles a 10,000-node cycle without recursion", () => {
    const n = 10_000;
    const nodes = Array.from({ length: n }, (_, i) => `n${i}`).join(" ");
    const edges = Array.from({ length: n }, (_, i) => `n${i}>n${(i + 1) % n}`).join(" ");
    const { components } = stronglyConnectedComponents(buildGraphIndex(graphFixture(nodes, edges)));
    expect(components).toHaveLength(1);
    expect(components[0]).toHaveLength(n);
  });
});

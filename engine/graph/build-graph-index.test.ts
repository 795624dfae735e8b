import { describe, expect, it } from "vitest";
import { buildGraphIndex } from "./build-graph-index";
import { graphFixture } from "./graph-fixture";

describe("buildGraphIndex", () => {
  it("lists outgoing and incoming edges per node in declaration order", () => {
    const g = graphFixture("a b c", "a>c a>b b>c");
    const index = buildGraphIndex(g);
    expect(index.ids).toEqual(["a", "b", "c"]);
    expect(index.outgoing.get("a")!.map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(index.incoming.get("c")!.map((e) => e.id)).toEqual(["e1", "e3"]);
    expect(index.incoming.get("a")).toEqual([]);
    expect(index.dangling).toEqual([]);
  });

  it("keeps the first of two nodes with one id and sets dangling edges apart", () => {
    const g = graphFixture("a b", "a>zz zz>b a>b");
    g.nodes.push({ ...g.nodes[0], position: { x: 9, y: 9 } });
    const index = buildGraphIndex(g);
    expect(index.ids).toEqual(["a", "b"]);
    expect(index.nodes.get("a")).toBe(g.nodes[0]);
    expect(index.dangling.map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(index.outgoing.get("a")!.map((e) => e.id)).toEqual(["e3"]);
  });
});

import { describe, expect, it } from "vitest";
import type { Graph, GraphNode } from "@/engine/graph/schema";
import { configChanges, graphDiff, unionGraph } from "./graph-diff";

const agent = (id: string, config: Record<string, unknown> = {}, x = 0): GraphNode =>
  ({ id, type: "agent", position: { x, y: 0 }, config: { model: "mock", ...config } }) as GraphNode;

const base: Graph = {
  nodes: [agent("a", { label: "A" }), agent("b", { label: "B", temperature: 0.2 }), agent("c")],
  edges: [
    { id: "e1", source: "a", target: "b" },
    { id: "e2", source: "b", target: "c" },
  ],
};

describe("graphDiff", () => {
  it("reports nothing for an identical graph, and ignores moved nodes", () => {
    const moved: Graph = { ...base, nodes: base.nodes.map((n) => ({ ...n, position: { x: n.position.x + 50, y: 9 } })) };
    const d = graphDiff(base, moved);
    expect(d.changed).toBe(false);
    expect(d.changedNodes).toEqual([]);
  });

  it("finds added, removed and changed nodes and edges", () => {
    const next: Graph = {
      nodes: [agent("a", { label: "A" }), agent("b", { label: "B2", temperature: 0.2, max_tokens: 50 }), agent("d")],
      edges: [
        { id: "e1", source: "a", target: "b", label: "go" },
        { id: "e3", source: "b", target: "d" },
      ],
    };
    const d = graphDiff(base, next);
    expect(d.addedNodes.map((n) => n.id)).toEqual(["d"]);
    expect(d.removedNodes.map((n) => n.id)).toEqual(["c"]);
    expect(d.changedNodes.map((n) => n.id)).toEqual(["b"]);
    expect(d.changedNodes[0].fields).toEqual([
      { path: "label", before: "B", after: "B2" },
      { path: "max_tokens", before: undefined, after: 50 },
    ]);
    expect(d.addedEdges.map((e) => e.id)).toEqual(["e3"]);
    expect(d.removedEdges.map((e) => e.id)).toEqual(["e2"]);
    expect(d.changedEdges.map((e) => e.id)).toEqual(["e1"]);
    expect(d.changed).toBe(true);
  });

  it("marks a node whose type changed", () => {
    const next: Graph = { ...base, nodes: [base.nodes[0], { id: "b", type: "merge", position: { x: 0, y: 0 }, config: {} } as GraphNode, base.nodes[2]] };
    const d = graphDiff(base, next);
    expect(d.changedNodes).toHaveLength(1);
    expect(d.changedNodes[0].typeChanged).toBe(true);
  });
});

describe("configChanges", () => {
  it("walks nested objects into dotted paths and compares arrays whole", () => {
    const before = { params: { ms: 300, headers: { a: "1" } }, fields: [{ name: "x" }] };
    const after = { params: { ms: 500, headers: { a: "1" } }, fields: [{ name: "x" }, { name: "y" }] };
    expect(configChanges(before, after).map((c) => c.path)).toEqual(["fields", "params.ms"]);
    expect(configChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});

describe("unionGraph", () => {
  it("draws the newer graph plus removed nodes and the removed edges between drawn nodes", () => {
    const next: Graph = { nodes: [agent("a"), agent("b")], edges: [{ id: "e1", source: "a", target: "b" }] };
    const d = graphDiff(base, next);
    const u = unionGraph(base, next, d);
    expect(u.nodes.map((n) => n.id)).toEqual(["a", "b", "c"]);
    expect(u.edges.map((e) => e.id)).toEqual(["e1", "e2"]);
  });
});

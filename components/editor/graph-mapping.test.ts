import { describe, expect, it } from "vitest";
import { graphSchema, type Graph } from "@/engine/graph/schema";
import { branchOf, flowToGraph, graphToFlow } from "./graph-mapping";

const graph: Graph = graphSchema.parse({
  nodes: [
    { id: "classify", type: "agent", position: { x: 0, y: 150 }, config: { label: "Classify", model: "mock", user_message: "Ticket: {ticket}", output_key: "category" } },
    { id: "check", type: "condition", position: { x: 300, y: 150 }, config: { expression: "category == 'bug'" } },
    { id: "fix", type: "tool", position: { x: 600, y: 0 }, config: { tool: "set", params: { a: "{category}" } } },
    { id: "done", type: "merge", position: { x: 900, y: 150 }, config: {} },
  ],
  edges: [
    { id: "e1", source: "classify", target: "check" },
    { id: "e2", source: "check", target: "fix", condition_value: "true", label: "bug" },
    { id: "e3", source: "check", target: "done", label: "False" },
    { id: "e4", source: "fix", target: "done" },
  ],
  settings: { max_parallel_nodes: 2 },
});

describe("graph mapping", () => {
  it("round-trips a graph exactly", () => {
    const { nodes, edges } = graphToFlow(graph);
    expect(flowToGraph(nodes, edges, graph.settings)).toEqual(graph);
  });

  it("puts only the config into node data", () => {
    const { nodes } = graphToFlow(graph);
    expect(nodes[0]).toEqual({ id: "classify", type: "agent", position: { x: 0, y: 150 }, data: { config: graph.nodes[0].config } });
  });

  it("attaches branch edges to the matching handle, by condition value then label", () => {
    const { edges } = graphToFlow(graph);
    expect(edges.map((e) => e.sourceHandle)).toEqual([undefined, "true", "false", undefined]);
  });

  it("drops transient React Flow fields when saving", () => {
    const { nodes, edges } = graphToFlow(graph);
    const busy = nodes.map((n) => ({ ...n, selected: true, dragging: true, measured: { width: 10, height: 10 } }));
    const chosen = edges.map((e) => ({ ...e, selected: true, animated: true }));
    expect(flowToGraph(busy, chosen, graph.settings)).toEqual(graph);
  });

  it("omits empty edge fields", () => {
    const { nodes, edges } = graphToFlow(graph);
    const blank = edges.map((e) => ({ ...e, data: { condition_value: "", label: "" } }));
    expect(flowToGraph(nodes, blank).edges[1]).toEqual({ id: "e2", source: "check", target: "fix" });
  });

  it("reads branches case-insensitively and ignores other values", () => {
    expect(branchOf({ label: " TRUE " })).toBe("true");
    expect(branchOf({ condition_value: "false", label: "true" })).toBe("false");
    expect(branchOf({ label: "maybe" })).toBeUndefined();
  });
});

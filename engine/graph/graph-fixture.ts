/**
 * A compact way to write graphs in tests: `graphFixture("a:agent c:condition", "a>c c>b:true")`.
 * Shared by the graph helper and validation tests so each test reads as its picture.
 */
import { parseGraph, type Graph, type GraphInput, type NodeType } from "./schema";

const DEFAULT_CONFIG: Record<NodeType, Record<string, unknown>> = {
  agent: { model: "mock" },
  tool: { tool: "set" },
  condition: { expression: "true" },
  loop: { expression: "true" },
  human_gate: {},
  merge: {},
};

/**
 * Nodes are `id:type` (type defaults to agent). Edges are `source>target`, optionally
 * `:value` for condition_value and `#id` for the edge id (default e1, e2, … by position).
 * `overrides` replaces the config of the named nodes.
 */
export function graphFixture(nodes: string, edges = "", overrides: Record<string, Record<string, unknown>> = {}): Graph {
  const input: GraphInput = {
    nodes: nodes
      .split(/\s+/)
      .filter(Boolean)
      .map((spec) => {
        const [id, type = "agent"] = spec.split(":") as [string, NodeType | undefined];
        const config = overrides[id] ?? DEFAULT_CONFIG[type];
        return { id, type, config } as GraphInput["nodes"][number];
      }),
    edges: edges
      .split(/\s+/)
      .filter(Boolean)
      .map((spec, i) => {
        const [body, edgeId = `e${i + 1}`] = spec.split("#");
        const [ends, value] = body.split(":");
        const [source, target] = ends.split(">");
        return value === undefined ? { id: edgeId, source, target } : { id: edgeId, source, target, condition_value: value };
      }),
  };
  const parsed = parseGraph(input);
  if (!parsed.success) throw new Error(`bad fixture: ${parsed.error.message}`);
  return parsed.data;
}

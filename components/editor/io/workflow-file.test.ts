import { describe, expect, it } from "vitest";
import { graphSchema, type Graph } from "@/engine/graph/schema";
import { parseWorkflowFile, shapeIssues, toWorkflowFile, workflowFileName } from "./workflow-file";

const graph: Graph = graphSchema.parse({
  nodes: [{ id: "a", type: "agent", position: { x: 1, y: 2 }, config: { model: "mock" } }],
  edges: [],
});

describe("workflow file", () => {
  it("round-trips name, description and graph", () => {
    const text = toWorkflowFile({ name: "Triage", description: "d", graph });
    expect(parseWorkflowFile(text)).toEqual({ ok: true, file: { name: "Triage", description: "d", graph } });
  });

  it("accepts a bare graph", () => {
    expect(parseWorkflowFile(JSON.stringify(graph))).toEqual({ ok: true, file: { name: undefined, description: undefined, graph } });
  });

  it("names the offending path of a mis-shaped graph", () => {
    const bad = { graph: { nodes: [{ id: "a", type: "agent", config: {} }], edges: [] } };
    const out = parseWorkflowFile(JSON.stringify(bad));
    expect(out.ok).toBe(false);
    expect(!out.ok && out.message).toContain("graph.nodes.0.config.model");
  });

  it("refuses text that is not JSON", () => {
    expect(parseWorkflowFile("{nope").ok).toBe(false);
  });

  it("makes a safe file name", () => {
    expect(workflowFileName("Support  triage!")).toBe("support-triage.workflow.json");
    expect(workflowFileName("***")).toBe("workflow.workflow.json");
  });

  it("maps zod issues onto node ids", () => {
    const raw = { nodes: [{ id: "ok", type: "merge", config: {} }, { id: "t", type: "tool", config: { tool: "" } }], edges: [] };
    const res = graphSchema.safeParse(raw);
    expect(res.success).toBe(false);
    const issues = shapeIssues(res.error!, raw);
    expect(issues[0]).toMatchObject({ code: "invalid_shape", node_id: "t" });
    expect(issues[0].message).toContain("Node t · tool");
  });
});

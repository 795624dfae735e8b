/**
 * The exported workflow file: `{name, description, graph}` as pretty JSON. Import also
 * accepts a bare graph (`{nodes, edges}`), and checks the shape with the one graph schema.
 */
import { z } from "zod";
import { graphSchema, type Graph } from "@/engine/graph/schema";

export interface WorkflowFile {
  name?: string;
  description?: string | null;
  graph: Graph;
}

export type ParsedFile = { ok: true; file: WorkflowFile } | { ok: false; message: string };

/** The file's text for a workflow. */
export function toWorkflowFile(file: WorkflowFile): string {
  return `${JSON.stringify({ name: file.name, description: file.description ?? undefined, graph: file.graph }, null, 2)}\n`;
}

/** A file name from a workflow name: `Support triage` → `support-triage.workflow.json`. */
export function workflowFileName(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "workflow";
  return `${slug}.workflow.json`;
}

/** Reads a workflow file (or a bare graph); the message names the first problems and where they are. */
export function parseWorkflowFile(text: string): ParsedFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, message: "The file must hold a JSON object." };
  const obj = value as Record<string, unknown>;
  const rawGraph = "graph" in obj ? obj.graph : obj;
  const parsed = graphSchema.safeParse(rawGraph);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => `${["graph", ...i.path].join(".")}: ${i.message}`);
    return { ok: false, message: `The file is not a workflow graph. ${where.join("; ")}` };
  }
  const name = typeof obj.name === "string" && obj.name.trim() ? obj.name.trim() : undefined;
  const description = typeof obj.description === "string" ? obj.description : undefined;
  return { ok: true, file: { name, description, graph: parsed.data } };
}

/** Zod issues of a graph mapped onto the nodes and edges they concern, for the validation panel. */
export function shapeIssues(error: z.ZodError, graph: { nodes: { id: string }[]; edges: { id: string }[] }) {
  return error.issues.map((issue) => {
    const [list, index, ...rest] = issue.path;
    const field = rest.filter((p) => p !== "config").join(".");
    const node = list === "nodes" && typeof index === "number" ? graph.nodes[index] : undefined;
    const edge = list === "edges" && typeof index === "number" ? graph.edges[index] : undefined;
    return {
      code: "invalid_shape",
      message: `${node ? `Node ${node.id}` : edge ? `Edge ${edge.id}` : "Graph"}${field ? ` · ${field}` : ""}: ${issue.message}`,
      ...(node ? { node_id: node.id } : {}),
      ...(edge ? { edge_id: edge.id } : {}),
    };
  });
}

/**
 * What the workflow and version routes answer, as zod schemas (as ./run-answers.ts is for
 * runs): the server's answers are typed by them, the browser's types are their `z.infer`,
 * the OpenAPI responses are generated from them and the integration suite checks real
 * answers against them. The graph is the engine's stored-graph schema.
 */
import { z } from "zod";
import { iso } from "./answer-fields";
import { storedGraphSchema } from "@/engine/graph/schema";
import { RUN_STATUSES } from "./run-answers";


/** One validation finding, tied to a node, an edge or a place in the graph when it concerns one. */
export const validationIssueSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  node_id: z.string().optional(),
  edge_id: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).optional().describe("where in the graph JSON, e.g. [\"nodes\", 3, \"config\", \"expression\"]"),
  node_ids: z.array(z.string()).optional().describe("every node involved, when there are several"),
});

/** What `POST /api/workflows/{id}/validate` answers, and a workflow's `validation`. */
export const validationSchema = z.strictObject({ errors: z.array(validationIssueSchema), warnings: z.array(validationIssueSchema) });

/** A workflow with its live graph and the validation summary the editor shows. */
export const workflowSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  graph: storedGraphSchema.describe("the graph as stored (one saved before a newer rule still reads, and fails validation)"),
  version: z.number().int(),
  created_at: iso,
  updated_at: iso,
  validation: validationSchema,
});

/** A workflow in the list: counts and its last run instead of the graph. */
export const workflowSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  created_at: iso,
  updated_at: iso,
  node_count: z.number().int(),
  last_run: z.strictObject({ id: z.string(), status: z.enum(RUN_STATUSES), created_at: iso }).nullable(),
});

const versionFields = {
  workflow_id: z.string(),
  version: z.number().int(),
  created_at: iso,
  created_by: z.string().describe("the saver's id"),
  created_by_name: z.string().nullable().describe("the saver's name then (null on versions older than names)"),
  note: z.string().nullable().describe("the saver's note on what changed"),
  layout_only: z.boolean().describe("only node positions differ from the version before"),
};

/** A version in the history list: counts instead of the graph. */
export const versionSummarySchema = z.strictObject({ ...versionFields, node_count: z.number().int(), edge_count: z.number().int() });

/** One immutable version with its graph. */
export const versionSchema = z.strictObject({ ...versionFields, graph: storedGraphSchema });

export type ValidationAnswer = z.infer<typeof validationSchema>;
export type WorkflowAnswer = z.infer<typeof workflowSchema>;
export type WorkflowSummaryAnswer = z.infer<typeof workflowSummarySchema>;
export type VersionSummaryAnswer = z.infer<typeof versionSummarySchema>;
export type VersionAnswer = z.infer<typeof versionSchema>;

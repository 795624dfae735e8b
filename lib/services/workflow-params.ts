/**
 * Body schemas of the workflow routes, shared by their thin handlers and the OpenAPI
 * document (lib/http/openapi.ts).
 */
import { z } from "zod";
import { graphSchema } from "@/engine/graph/schema";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";

const name = z.string().max(200, "at most 200 characters").refine((s) => s.trim().length > 0, "must not be blank").refine(withoutNul, NUL_RULE);
const description = z.string().max(10_000, "at most 10000 characters").refine(withoutNul, NUL_RULE);

/** `POST /api/workflows`: the graph is optional and defaults to an empty one. */
export const createWorkflowBody = z.object({ name, description: description.optional(), graph: graphSchema.optional() });

/** `PUT /api/workflows/{id}`: a stale `base_version` is refused with 409. */
export const saveWorkflowBody = z.object({
  name: name.optional(),
  description: description.optional(),
  graph: graphSchema.optional(),
  base_version: z.number().int().positive(),
  /** What changed, in the saver's words; kept on the new version (ignored when the graph is unchanged). */
  note: z.string().max(500, "at most 500 characters").refine(withoutNul, NUL_RULE).optional(),
});

/**
 * `GET /api/workflows/{id}/events`: an SSE event `workflow.saved` per new version after
 * the one the client has (`Last-Event-ID`, or `last_event_id`; the event id is the version).
 */
export const workflowSavedEvent = z.object({
  workflow_id: z.string(),
  version: z.number().int().positive(),
  saved_by: z.object({ id: z.string(), name: z.string().nullable() }),
  saved_at: z.string(),
  note: z.string().nullable(),
  layout_only: z.boolean(),
});
export type WorkflowSavedEvent = z.infer<typeof workflowSavedEvent>;

/** `POST /api/workflows/{id}/validate`, optional: a graph to check instead of the stored one (unsaved editor work). */
export const validateWorkflowBody = z.object({ graph: graphSchema.optional() });

/** `POST /api/workflows/{id}/versions/{version}/restore`, optional: when `base_version` is given, a stale one is refused with 409. */
export const restoreVersionBody = z.object({ base_version: z.number().int().positive().optional() });

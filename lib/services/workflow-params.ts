/**
 * Body schemas of the workflow routes, shared by their thin handlers and the OpenAPI
 * document (lib/api/openapi.ts).
 */
import { z } from "zod";
import { graphSchema } from "@/engine/graph/schema";

const name = z.string().max(200, "at most 200 characters").refine((s) => s.trim().length > 0, "must not be blank");
const description = z.string().max(10_000, "at most 10000 characters");

/** `POST /api/workflows`: the graph is optional and defaults to an empty one. */
export const createWorkflowBody = z.object({ name, description: description.optional(), graph: graphSchema.optional() });

/** `PUT /api/workflows/{id}`: a stale `base_version` is refused with 409. */
export const saveWorkflowBody = z.object({
  name: name.optional(),
  description: description.optional(),
  graph: graphSchema.optional(),
  base_version: z.number().int().positive(),
});

/** `POST /api/workflows/{id}/validate`, optional: a graph to check instead of the stored one (unsaved editor work). */
export const validateWorkflowBody = z.object({ graph: graphSchema.optional() });

/** `POST /api/workflows/{id}/versions/{version}/restore`, optional: when `base_version` is given, a stale one is refused with 409. */
export const restoreVersionBody = z.object({ base_version: z.number().int().positive().optional() });

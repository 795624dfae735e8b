import { z } from "zod";
import { graphSchema } from "@/engine/graph/schema";
import { getActor, parseJsonBody, parsePagination, parseQuery, withErrors } from "@/lib/api";

import { createWorkflow, listWorkflows, toWorkflowDto, workflowListQuery } from "@/lib/services/workflows";

export const dynamic = "force-dynamic";

const createBody = z.object({
  name: z.string().max(200, "at most 200 characters").refine((s) => s.trim().length > 0, "must not be blank"),
  description: z.string().max(10_000, "at most 10000 characters").optional(),
  graph: graphSchema.optional(),
});

/** List live workflows, newest updated first; `?q=` keeps those whose name or description contains it. */
export const GET = withErrors(async (request: Request) => {
  const { q } = parseQuery(request.url, workflowListQuery, ["q"]);
  return Response.json(listWorkflows(parsePagination(request.url), q));
});

/** Create a workflow (version 1); the graph is optional and defaults to an empty one. */
export const POST = withErrors(async (request: Request) => {
  const body = await parseJsonBody(request, createBody);
  const workflow = createWorkflow({ ...body, actor: getActor(request) });
  return Response.json(toWorkflowDto(workflow), { status: 201 });
});

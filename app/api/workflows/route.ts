import { getActor, parseJsonBody, parsePagination, parseQuery, withErrors } from "@/lib/http";
import { createWorkflowBody } from "@/lib/services/workflow-params";
import { createWorkflow, listWorkflows, toWorkflowDto, workflowListQuery } from "@/lib/services/workflows";

export const dynamic = "force-dynamic";

/** List live workflows, newest updated first; `?q=` keeps those whose name or description contains it. */
export const GET = withErrors(async (request: Request) => {
  const { q } = parseQuery(request.url, workflowListQuery, ["q"]);
  return Response.json(await listWorkflows(parsePagination(request.url), q));
});

/** Create a workflow (version 1); the graph is optional and defaults to an empty one. */
export const POST = withErrors(async (request: Request) => {
  const body = await parseJsonBody(request, createWorkflowBody);
  const workflow = await createWorkflow({ ...body, actor: getActor(request) });
  return Response.json(await toWorkflowDto(workflow), { status: 201 });
});

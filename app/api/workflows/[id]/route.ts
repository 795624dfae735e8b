import { getActor, parseId, parseJsonBody, withErrors } from "@/lib/http";
import { saveWorkflowBody } from "@/lib/services/workflow-params";
import { deleteWorkflow, requireWorkflow, toWorkflowDto, updateWorkflow } from "@/lib/services/workflows";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** The workflow with its live graph and validation summary. */
export const GET = withErrors(async (_request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  return Response.json(await toWorkflowDto(await requireWorkflow({ id })));
});

/** Save: 409 on a stale `base_version`; a changed graph becomes a new version. */
export const PUT = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  const body = await parseJsonBody(request, saveWorkflowBody);
  const workflow = await updateWorkflow({
    id,
    baseVersion: body.base_version,
    name: body.name,
    description: body.description,
    graph: body.graph,
    note: body.note,
    actor: getActor(request),
  });
  return Response.json(await toWorkflowDto(workflow));
});

/** Soft delete; afterwards the workflow is 404 everywhere. */
export const DELETE = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  await deleteWorkflow({ id, actor: getActor(request) });
  return new Response(null, { status: 204 });
});

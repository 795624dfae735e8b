import { parseId, parseJsonBody, withErrors } from "@/lib/http";
import { validateWorkflowBody } from "@/lib/services/workflow-params";
import { validateWorkflow } from "@/lib/services/workflows";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** `{errors, warnings}` for the stored graph or the posted one; a mis-shaped graph is a 400. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  const body = await parseJsonBody(request, validateWorkflowBody, { emptyAs: {} });
  return Response.json(await validateWorkflow({ id, graph: body.graph }));
});

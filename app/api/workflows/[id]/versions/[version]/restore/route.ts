import { getActor, parseId, parseJsonBody, parseVersionNumber, withErrors } from "@/lib/http";
import { restoreVersionBody } from "@/lib/services/workflow-params";
import { restoreVersion } from "@/lib/services/versions";
import { toWorkflowDto } from "@/lib/services/workflows";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; version: string }> };

/** Make an old version's graph the live graph, as a new version. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const params = await ctx.params;
  const workflowId = parseId(params.id, "workflow not found");
  const version = parseVersionNumber(params.version);
  const body = await parseJsonBody(request, restoreVersionBody, { emptyAs: {} });
  const workflow = await restoreVersion({ workflowId, version, baseVersion: body.base_version, actor: getActor(request) });
  return Response.json(await toWorkflowDto(workflow));
});

import { getActor, parseId, parseJsonBody, withErrors } from "@/lib/http";
import { runCommandResponse } from "@/lib/runtime/host/respond";
import { approveBody } from "@/lib/services/run-params";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Approve the pending gate `{node_id, input?, comment?}`; 202, the run goes on in the background. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  const body = await parseJsonBody(request, approveBody);
  return runCommandResponse(request, { op: "approve", id, actor: getActor(request), nodeId: body.node_id, input: body.input, comment: body.comment }, 202);
});

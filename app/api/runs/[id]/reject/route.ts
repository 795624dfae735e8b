import { getActor, parseId, parseJsonBody, withErrors } from "@/lib/http";
import { runCommandResponse } from "@/lib/runtime/host/respond";
import { rejectBody } from "@/lib/services/run-params";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Reject the pending gate `{node_id, comment?}`: the run fails, naming the gate and the reviewer. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  const body = await parseJsonBody(request, rejectBody);
  return runCommandResponse(request, { op: "reject", id, actor: getActor(request), nodeId: body.node_id, comment: body.comment }, 200);
});

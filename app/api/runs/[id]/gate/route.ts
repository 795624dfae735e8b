import { getActor, parseId, withErrors } from "@/lib/http";
import { pendingGateFor } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * The run's pending gate as the caller sees it (`{run_id, status, pending_gate}`, null when
 * it waits at none): who decides, the approvals so far, and whether the caller may decide
 * it now (`may_decide`, `may_reject`, `decide_refusal`). The run page asks again as approvals come in.
 */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  return Response.json(await pendingGateFor({ id, viewer: getActor(request) }));
});

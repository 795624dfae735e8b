import { getActor, parseId, withErrors } from "@/lib/http";
import { runCommandResponse } from "@/lib/runtime/host/respond";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Continue a failed or interrupted run from its latest checkpoint; 202, the run goes on in the background. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  return runCommandResponse(request, { op: "resume", id, actor: getActor(request) }, 202);
});

import { getActor, parseId, withErrors } from "@/lib/http";
import { runCommandResponse } from "@/lib/runtime/host/respond";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Cancel: in-flight nodes are aborted and settle, then the run fails `cancelled by <actor>`. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  return runCommandResponse(request, { op: "cancel", id, actor: getActor(request) }, 200);
});

import { getActor, parseId, parseQuery, withErrors } from "@/lib/api";
import { runCommandResponse } from "@/lib/services/run-commands";
import { runReadQuery } from "@/lib/services/run-params";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Cancel: in-flight nodes are aborted and settle, then the run fails `cancelled by <actor>`. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  const { step_inputs } = parseQuery(request.url, runReadQuery, ["step_inputs"]);
  return runCommandResponse({ op: "cancel", id, actor: getActor(request), stepInputs: step_inputs }, 200);
});

import { getActor, parseId, parseQuery, withErrors } from "@/lib/api";
import { runCommandResponse } from "@/lib/services/run-commands";
import { runReadQuery } from "@/lib/services/run-params";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Continue a failed or interrupted run from its latest checkpoint; 202, the run goes on in the background. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  const { step_inputs } = parseQuery(request.url, runReadQuery, ["step_inputs"]);
  return runCommandResponse({ op: "resume", id, actor: getActor(request), stepInputs: step_inputs }, 202);
});

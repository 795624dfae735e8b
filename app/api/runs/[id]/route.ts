import { getActor, parseId, parseQuery, withErrors } from "@/lib/http";
import { runReadQuery } from "@/lib/services/run-params";
import { getRun } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * The run whole: steps with their input snapshots (unless `?step_inputs=false`; 422 when
 * they would be too large), totals, pending gate (saying whether the caller may decide it) and spend.
 */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  const { step_inputs } = parseQuery(request.url, runReadQuery, ["step_inputs"]);
  return Response.json(await getRun({ id, stepInputs: step_inputs ?? true, oversized: "fail", viewer: getActor(request) }));
});

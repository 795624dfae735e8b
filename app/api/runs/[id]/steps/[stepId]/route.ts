import { parseId, withErrors } from "@/lib/http";
import { getRunStep } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; stepId: string }> };

/** One step of the run with its input snapshot (what the run page loads for the step a person opens). */
export const GET = withErrors(async (_request: Request, ctx: Ctx) => {
  const params = await ctx.params;
  const id = parseId(params.id, "run not found");
  return Response.json(await getRunStep({ id, stepId: parseId(params.stepId, "step not found") }));
});

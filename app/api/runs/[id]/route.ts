import { parseId, withErrors } from "@/lib/api";
import { getRun } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** The run whole: steps with their input snapshots, totals, pending gate and spend. */
export const GET = withErrors(async (_request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  return Response.json(await getRun({ id }));
});

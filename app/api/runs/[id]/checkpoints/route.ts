import { parseId, withErrors } from "@/lib/api";
import { listRunCheckpoints } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Every checkpoint of the run with its public state (time travel in the run view). */
export const GET = withErrors(async (_request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  return Response.json(await listRunCheckpoints({ id }));
});

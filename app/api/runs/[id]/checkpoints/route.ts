import { parseId, parseQuery, withErrors } from "@/lib/http";
import { checkpointListQuery } from "@/lib/services/run-params";
import { listRunCheckpoints } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Every checkpoint of the run with its public state (time travel in the run view); `?state=false`: only which they are. */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  const { state } = parseQuery(request.url, checkpointListQuery, ["state"]);
  return Response.json(await listRunCheckpoints({ id, state: state ?? true }));
});

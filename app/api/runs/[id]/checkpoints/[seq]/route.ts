import { parseId, parsePositiveNumber, withErrors } from "@/lib/http";
import { getRunCheckpoint } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; seq: string }> };

/** One checkpoint of the run: its public state, completed nodes and queue. */
export const GET = withErrors(async (_request: Request, ctx: Ctx) => {
  const params = await ctx.params;
  const id = parseId(params.id, "run not found");
  return Response.json(await getRunCheckpoint({ id, seq: parsePositiveNumber(params.seq, "checkpoint not found") }));
});

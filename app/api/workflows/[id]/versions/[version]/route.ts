import { parseId, parseVersionNumber, withErrors } from "@/lib/http";
import { getVersion } from "@/lib/services/versions";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; version: string }> };

/** One immutable version with its graph. */
export const GET = withErrors(async (_request: Request, ctx: Ctx) => {
  const params = await ctx.params;
  const workflowId = parseId(params.id, "workflow not found");
  return Response.json(await getVersion({ workflowId, version: parseVersionNumber(params.version) }));
});

import { parseId, parsePagination, withErrors } from "@/lib/http";
import { listVersions } from "@/lib/services/versions";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Version history newest first, with node/edge counts instead of graphs. */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const workflowId = parseId((await ctx.params).id, "workflow not found");
  return Response.json(await listVersions({ workflowId, page: parsePagination(request.url) }));
});

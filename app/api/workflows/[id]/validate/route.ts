import { z } from "zod";
import { graphSchema } from "@/engine/graph/schema";
import { parseId, parseJsonBody, withErrors } from "@/lib/api";
import { validateWorkflow } from "@/lib/services/workflows";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Optional body: a graph to check instead of the stored one (unsaved editor work). */
const validateBody = z.object({ graph: graphSchema.optional() });

/** `{errors, warnings}` for the stored graph or the posted one; a mis-shaped graph is a 400. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  const body = await parseJsonBody(request, validateBody, { emptyAs: {} });
  return Response.json(validateWorkflow({ id, graph: body.graph }));
});

import { getActor, parseId, withErrors } from "@/lib/http";
import { revokeApiKey } from "@/lib/services/api-keys";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ keyId: string }> };

/** Revoke a key: it stops working at once. */
export const DELETE = withErrors(async (request: Request, ctx: Ctx) => {
  await revokeApiKey(parseId((await ctx.params).keyId, "API key not found"), getActor(request));
  return new Response(null, { status: 204 });
});

import { getActor, parseId, parseJsonBody, withErrors } from "@/lib/http";
import { patchUserBody } from "@/lib/services/user-params";
import { removeUser, updateUser } from "@/lib/services/users";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ userId: string }> };

/** Change a user's role, name or `disabled` (disabling ends their sessions at once). */
export const PATCH = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).userId, "user not found");
  const body = await parseJsonBody(request, patchUserBody);
  return Response.json(await updateUser(id, body, getActor(request)));
});

/** Remove a user: their sessions end and the API keys they made are revoked. */
export const DELETE = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).userId, "user not found");
  await removeUser(id, getActor(request));
  return new Response(null, { status: 204 });
});

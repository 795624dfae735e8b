import { getActor, parseJsonBody, withErrors } from "@/lib/http";
import { parseSecretName, updateSecretBody } from "@/lib/secrets/schemas";
import { deleteSecret, updateSecret } from "@/lib/secrets/service";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ name: string }> };

/** Replace a secret's value (404 when unknown). */
export const PUT = withErrors(async (request: Request, ctx: Ctx) => {
  const name = parseSecretName((await ctx.params).name);
  const body = await parseJsonBody(request, updateSecretBody);
  return Response.json(await updateSecret({ name, value: body.value, actor: getActor(request) }));
});

/** Delete a secret (404 when unknown); runs that use it will be refused. */
export const DELETE = withErrors(async (request: Request, ctx: Ctx) => {
  const name = parseSecretName((await ctx.params).name);
  await deleteSecret({ name, actor: getActor(request) });
  return new Response(null, { status: 204 });
});

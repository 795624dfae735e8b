import { getActor, parseJsonBody, withErrors } from "@/lib/http";
import { createSecretBody, type SecretListAnswer } from "@/lib/secrets/schemas";
import { createSecret, listSecrets } from "@/lib/secrets/service";

export const dynamic = "force-dynamic";

/** Secret names with their timestamps; values never leave the server. */
export const GET = withErrors(async () => Response.json({ items: await listSecrets(), next_cursor: null } satisfies SecretListAnswer));

/** Create a secret (409 when the name is taken). */
export const POST = withErrors(async (request: Request) => {
  const body = await parseJsonBody(request, createSecretBody);
  return Response.json(await createSecret({ ...body, actor: getActor(request) }), { status: 201 });
});

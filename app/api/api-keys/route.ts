import { getActor, parseJsonBody, withErrors } from "@/lib/http";
import { createApiKey, listApiKeys } from "@/lib/services/api-keys";
import type { ApiKeyListAnswer } from "@/lib/services/account-answers";
import { createApiKeyBody } from "@/lib/services/user-params";

export const dynamic = "force-dynamic";

/** Your API keys (an admin's: every key); never the keys themselves. */
export const GET = withErrors(async (request: Request) => Response.json({ items: await listApiKeys(getActor(request)), next_cursor: null } satisfies ApiKeyListAnswer, { headers: { "cache-control": "no-store" } }));

/** Make a key `{name, role, expires_at?}`: 201 with `key`, shown this once. */
export const POST = withErrors(async (request: Request) => {
  const body = await parseJsonBody(request, createApiKeyBody);
  return Response.json(await createApiKey(body, getActor(request)), { status: 201, headers: { "cache-control": "no-store" } });
});

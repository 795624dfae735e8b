import { actorIfAny, parseJsonBody, withErrors } from "@/lib/http";
import { createOwner, setupStatus } from "@/lib/services/setup";
import { setupBody } from "@/lib/services/user-params";

export const dynamic = "force-dynamic";

/** Whether the owner account is still to be made, and whether this request may make it. */
export const GET = withErrors(async (request: Request) => Response.json(await setupStatus(request, actorIfAny(request))));

/** Create the owner account (an admin) and sign in: from this machine or with the bootstrap token, once. */
export const POST = withErrors(async (request: Request) => {
  const body = await parseJsonBody(request, setupBody);
  return createOwner(request, body, actorIfAny(request));
});

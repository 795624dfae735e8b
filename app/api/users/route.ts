import { getActor, parseJsonBody, withErrors } from "@/lib/http";
import type { UserListAnswer } from "@/lib/services/account-answers";
import { createUserBody } from "@/lib/services/user-params";
import { addUser, listUsers } from "@/lib/services/users";

export const dynamic = "force-dynamic";

/** Every user, by email. */
export const GET = withErrors(async () => Response.json({ items: await listUsers(), next_cursor: null } satisfies UserListAnswer));

/** Add a person `{email, name, role, password}` (409 when the email is taken). */
export const POST = withErrors(async (request: Request) => {
  const body = await parseJsonBody(request, createUserBody);
  return Response.json(await addUser(body, getActor(request)), { status: 201 });
});

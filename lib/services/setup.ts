import "server-only";
/**
 * First run: with no user yet, every page leads to "Create the owner account". Setup is
 * open only to requests from this machine or carrying the bootstrap token, so a fresh
 * install served on a network cannot be claimed by whoever finds it first; once an account
 * exists it is closed (admins add people).
 */
import type { z } from "zod";
import { ApiError, type Actor } from "@/lib/http";
import { isFromThisMachine } from "@/lib/http/client-address";
import { authFor } from "@/lib/auth/better-auth";
import { BOOTSTRAP_ACTOR } from "@/lib/auth/bootstrap-token";
import type { SetupDoneAnswer, SetupStatusAnswer } from "./account-answers";
import { authAnswer, authRequest } from "./auth-answer";
import type { setupBody } from "./user-params";
import { addUser, hasUsers } from "./users";

/** Whether the owner account is still to be made, and by this request (./account-answers.ts). */
export type SetupStatus = SetupStatusAnswer;

function mayClaim(request: Request, actor: Actor | undefined): boolean {
  return isFromThisMachine(request) || actor?.id === BOOTSTRAP_ACTOR.id;
}

export async function setupStatus(request: Request, actor: Actor | undefined): Promise<SetupStatus> {
  const needed = !await hasUsers();
  return { needed, allowed: needed && mayClaim(request, actor) };
}

/** Creates the owner (an admin) and signs them in: 201 with the user, the session cookie set. */
export async function createOwner(request: Request, body: z.infer<typeof setupBody>, actor: Actor | undefined): Promise<Response> {
  if (await hasUsers()) throw new ApiError("already_set_up");
  if (!mayClaim(request, actor)) {
    throw new ApiError("forbidden", "the owner account can be created only from this machine (open http://127.0.0.1:<port>/ there) or with the bootstrap token (SWITCHYARD_BOOTSTRAP_TOKEN)");
  }
  const user = await addUser({ ...body, role: "admin" }, actor ?? "self", { firstOnly: true });
  const res = await authFor(request).handler(authRequest(request, "/api/auth/sign-in/email", { email: body.email, password: body.password }));
  return authAnswer(res, { user } satisfies SetupDoneAnswer, 201);
}

import { getActor, parseJsonBody, withErrors } from "@/lib/http";
import { changePassword } from "@/lib/services/account";
import { changePasswordBody } from "@/lib/services/user-params";

export const dynamic = "force-dynamic";

/** Change the signed-in person's password (the current one is checked); optionally end their other sessions. */
export const POST = withErrors(async (request: Request) => {
  const body = await parseJsonBody(request, changePasswordBody);
  return changePassword(request, body, getActor(request));
});

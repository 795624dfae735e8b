import "server-only";
/** The signed-in principal's own account: who they are, and their password. */
import type { z } from "zod";
import { ApiError, type Actor } from "@/lib/http";
import { authFor } from "@/lib/auth/better-auth";
import { ROLE_PERMISSIONS } from "@/lib/auth/roles";
import { storage } from "@/lib/db";
import type { MeAnswer, PasswordChangedAnswer } from "./account-answers";
import { authAnswer, authError, authRequest } from "./auth-answer";
import type { changePasswordBody } from "./user-params";

/** Who a request is, as `GET /api/me` answers (./account-answers.ts). */
export type MeDto = MeAnswer;

export function describeMe(actor: Actor): MeDto {
  return { type: actor.type, id: actor.id, name: actor.name, email: actor.email ?? null, role: actor.role, permissions: actor.role ? [...ROLE_PERMISSIONS[actor.role]] : [] };
}

export async function changePassword(request: Request, body: z.infer<typeof changePasswordBody>, actor: Actor): Promise<Response> {
  if (actor.type !== "user") throw new ApiError("forbidden", "an API key has no password; sign in as the person to change theirs");
  const res = await authFor(request).handler(
    authRequest(request, "/api/auth/change-password", { currentPassword: body.current_password, newPassword: body.new_password, revokeOtherSessions: body.revoke_other_sessions ?? false }),
  );
  if (!res.ok) {
    const err = await authError(res);
    // better-auth answers a wrong current password with 400.
    throw err.code === "invalid_body" ? new ApiError("invalid_body", undefined, { issues: [{ path: "current_password", message: err.message }] }) : err;
  }
  await storage().audit.append({ action: "auth.password_change", actor, targetType: "user", targetId: actor.id, details: { other_sessions_ended: body.revoke_other_sessions ?? false } });
  return authAnswer(res, { changed: true } satisfies PasswordChangedAnswer);
}

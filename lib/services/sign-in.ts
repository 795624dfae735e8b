import "server-only";
/**
 * Signing in and out through better-auth's own endpoints, with what Switchyard adds around
 * them: the login rate limit, audit rows (login, logout, failures — and a rate limit that
 * kicks in is logged once per window, not once per refused try), answers in the API's error
 * shape, and the session token kept out of the JSON (it travels only in the httpOnly cookie).
 */
import { z } from "zod";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";
import { ApiError, parseJsonBody, type Actor } from "@/lib/http";
import { clientAddress } from "@/lib/http/client-address";
import { ACCOUNT_DISABLED, authFor } from "@/lib/auth/better-auth";
import { accountKey, addressKey, LOGIN_WINDOW_MS, loginRefusal } from "@/lib/auth/login-limit";
import { storage } from "@/lib/db";
import type { SignedInAnswer, SignedOutAnswer } from "./account-answers";
import { authAnswer, authError, authRequest } from "./auth-answer";

export const signInBody = z.object({
  email: z.string().trim().min(3).max(320).refine(withoutNul, NUL_RULE),
  password: z.string().min(1).max(1000),
  remember_me: z.boolean().optional(),
});

const SIGN_IN_AUDIT_TARGET = "user";

export async function signIn(request: Request): Promise<Response> {
  const body = await parseJsonBody(request, signInBody);
  const email = body.email.toLowerCase();
  const address = clientAddress(request);
  const store = storage();
  const now = new Date();
  const refusal = await loginRefusal(store.loginFailures, address, email, now.getTime());
  if (refusal) {
    await noteRateLimit(refusal.key, refusal.scope, email, address, now);
    const message = `too many failed sign-ins ${refusal.scope === "account" ? "for this account" : "from this address"}; try again in ${refusal.retryAfterS} s`;
    throw new ApiError("rate_limited", message, { retry_after_s: refusal.retryAfterS });
  }
  const res = await authFor(request).handler(authRequest(request, "/api/auth/sign-in/email", { email, password: body.password, rememberMe: body.remember_me ?? true }));
  const user = await store.users.find({ email });
  const who: Actor = user ? { type: "user", id: user.id, name: user.name, role: user.role, email: user.email } : { type: "user", id: "unknown", name: email, role: null };
  if (res.ok) {
    await store.transaction(async (tx) => {
      await tx.loginFailures.clear(accountKey(email));
      await tx.audit.append({ action: "auth.login", actor: who, targetType: SIGN_IN_AUDIT_TARGET, targetId: who.id, details: { address }, at: now });
    });
    const payload = (await res.json()) as { user?: { id: string; name: string; email: string } };
    // The row is missing only if it was deleted since better-auth read it; then its own user object is all there is (not the schema's shape).
    return authAnswer(res, user ? ({ user: { id: user.id, name: user.name, email: user.email, role: user.role } } satisfies SignedInAnswer) : { user: payload.user });
  }
  const failure = await res.clone().json().catch(() => ({})) as { message?: string };
  const disabled = res.status === 403 && failure.message === ACCOUNT_DISABLED;
  if (res.status !== 401 && !disabled) throw await authError(res);
  const reason = disabled ? "disabled" : "bad_credentials";
  await store.transaction(async (tx) => {
    if (reason === "bad_credentials") await tx.loginFailures.record([accountKey(email), addressKey(address)], now);
    await tx.loginFailures.prune(new Date(now.getTime() - 2 * LOGIN_WINDOW_MS));
    await tx.audit.append({ action: "auth.login_failed", actor: who, targetType: SIGN_IN_AUDIT_TARGET, targetId: who.id, details: { email, address, reason }, at: now });
  });
  if (reason === "disabled") throw new ApiError("forbidden", "this account is disabled; ask an admin");
  throw new ApiError("unauthenticated", "the email or password is not right");
}

/** One `auth.login_rate_limited` row per limited key per window. */
async function noteRateLimit(key: string, scope: string, email: string, address: string, now: Date): Promise<void> {
  const marker = `limited:${key}`;
  await storage().transaction(async (tx) => {
    if ((await tx.loginFailures.since(marker, new Date(now.getTime() - LOGIN_WINDOW_MS))).count > 0) return;
    await tx.loginFailures.record([marker], now);
    const user = await tx.users.find({ email });
    const who: Actor = user ? { type: "user", id: user.id, name: user.name, role: user.role } : { type: "user", id: "unknown", name: email, role: null };
    await tx.audit.append({ action: "auth.login_rate_limited", actor: who, targetType: SIGN_IN_AUDIT_TARGET, targetId: who.id, details: { email, address, scope }, at: now });
  });
}

/** Ends the request's session (the cookie is cleared); audited when there was one. */
export async function signOut(request: Request, actor: Actor | undefined): Promise<Response> {
  const res = await authFor(request).handler(authRequest(request, "/api/auth/sign-out", {}));
  if (actor?.type === "user") {
    await storage().audit.append({ action: "auth.logout", actor, targetType: SIGN_IN_AUDIT_TARGET, targetId: actor.id, details: {} });
  }
  return authAnswer(res, { signed_out: true } satisfies SignedOutAnswer);
}

import "server-only";
/**
 * Who sent a request: `Authorization: Bearer <key>` (an API key, or the bootstrap token),
 * else the session cookie (a signed-in person), else nobody. A credential that is sent but
 * not valid is an error (401 naming why), never a fall-back to anonymous.
 */
import { ApiError } from "@/lib/http/errors";
import { storage, type ApiKeyRow } from "@/lib/db";
import type { Actor } from "./actor";
import { hashApiKey, looksLikeApiKey } from "./api-key-format";
import { authFor, COOKIE_PREFIX } from "./better-auth";
import { BOOTSTRAP_ACTOR, isBootstrapToken } from "./bootstrap-token";

/** The principal behind a request, or null when it carries no credential. */
export async function authenticate(request: Request): Promise<Actor | null> {
  const header = request.headers.get("authorization");
  if (header !== null) return bearerActor(header);
  const cookie = request.headers.get("cookie");
  if (cookie === null || !cookie.includes(`${COOKIE_PREFIX}.session_token=`)) return null;
  return sessionActor(request);
}

async function bearerActor(header: string): Promise<Actor> {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) throw new ApiError("unauthenticated", "the Authorization header must be `Bearer <API key>`");
  const token = match[1];
  if (isBootstrapToken(token)) return BOOTSTRAP_ACTOR;
  if (!looksLikeApiKey(token)) throw new ApiError("unauthenticated", "the bearer token is not a Switchyard API key (they start with sy_)");
  const keys = storage().apiKeys;
  const key = await keys.findByHash(hashApiKey(token));
  if (!key) throw new ApiError("unauthenticated", "the API key is not known (deleted, or mistyped)");
  if (key.revoked_at !== null) throw new ApiError("unauthenticated", `the API key "${key.name}" was revoked at ${key.revoked_at}`);
  const now = Date.now();
  if (key.expires_at !== null && Date.parse(key.expires_at) <= now) throw new ApiError("unauthenticated", `the API key "${key.name}" expired at ${key.expires_at}`);
  return { type: "api_key", id: key.id, name: key.name, role: key.role, ownerId: await ownerOf(key) };
}

/**
 * Who is behind a key. A key made with the bootstrap token (the usual first key of an
 * automation) is the token's, known without a read: the token is no stored key.
 */
function ownerOf(key: ApiKeyRow): string | Promise<string> {
  if (key.created_by_type === BOOTSTRAP_ACTOR.type && key.created_by_id === BOOTSTRAP_ACTOR.id) return BOOTSTRAP_ACTOR.id;
  return storage().apiKeys.owner(key);
}

const lastTouched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/**
 * `last_used_at` of the key behind an allowed request (a refused one changes nothing),
 * written at most once a minute per key, not a write per request.
 */
export function noteApiKeyUse(actor: Actor, now = Date.now()): void {
  if (actor.type !== "api_key" || actor.id === "bootstrap") return;
  const id = actor.id;
  if (now - (lastTouched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
  lastTouched.set(id, now);
  // A busy database must not fail the request; the next use tries again.
  storage().apiKeys.touch(id, new Date(now)).catch(() => lastTouched.delete(id));
}

export const SESSION_ENDED = "your session has ended (signed out, expired, or the account was disabled): sign in again";

async function sessionActor(request: Request): Promise<Actor> {
  const found = await authFor(request).api.getSession({ headers: request.headers });
  // The row as it is now: a role change applies at the next request, a disabled user is out.
  const user = found ? await storage().users.find({ id: found.user.id }) : undefined;
  if (!user || user.disabled) throw new ApiError("unauthenticated", SESSION_ENDED);
  return { type: "user", id: user.id, name: user.name, role: user.role, email: user.email };
}

import "server-only";
/**
 * The access check every API request passes before its handler runs (called by
 * `withErrors`): find the route's row in the policy table, authenticate the request, and
 * refuse it — 401 without a valid credential, 403 when the role does not allow the route —
 * before anything is read or written. The principal is then the request's actor.
 */
import { authenticate, noteApiKeyUse } from "@/lib/auth/authenticate";
import type { Actor } from "@/lib/auth/actor";
import { ApiError } from "./errors";
import { allows, neededRoleMessage, routeFor } from "./policy";

const actors = new WeakMap<Request, Actor>();

export async function authorize(request: Request): Promise<void> {
  const pathname = new URL(request.url).pathname;
  const route = routeFor(request.method, pathname);
  // A handler without a row: refused to everyone rather than open to anyone.
  if (!route) throw new ApiError("forbidden", `${request.method} ${pathname} has no access rule`);
  if (route.access === "public" || route.access === "hook") {
    // Who it is, when it says (sign-out, the setup page); a stale credential does not block these.
    const actor = await authenticate(request).catch(() => null);
    if (actor) actors.set(request, actor);
    return;
  }
  const actor = await authenticate(request);
  if (!actor) throw new ApiError("unauthenticated");
  if (!allows(route.access, actor.role)) throw new ApiError("forbidden", `${neededRoleMessage(route.access)}; ${describeActor(actor)} has ${actor.role ? `the ${actor.role} role` : "no role"}`);
  noteApiKeyUse(actor);
  actors.set(request, actor);
}

function describeActor(actor: Actor): string {
  return actor.type === "api_key" ? `the API key "${actor.name}"` : actor.name;
}

/** The request's principal (set by {@link authorize}); throws on a route that allows anonymous callers and got one. */
export function getActor(request: Request): Actor {
  const actor = actors.get(request);
  if (!actor) throw new ApiError("unauthenticated");
  return actor;
}

/** The principal when the request named one (public routes). */
export function actorIfAny(request: Request): Actor | undefined {
  return actors.get(request);
}

/** For routes that authenticate themselves (webhooks). */
export function setActor(request: Request, actor: Actor): void {
  actors.set(request, actor);
}

/**
 * Who may call which route: the one table every API request is checked against (by
 * `withErrors`, before its handler runs), and that the OpenAPI document states per
 * operation. A route missing here is refused to everyone (`policy.test.ts` checks that
 * every route handler has a row, and walks every row × every role).
 *
 * - `public`: anyone, signed in or not (health, owner setup, sign-in).
 * - `hook`: no principal; the webhook's own secret or signature authenticates it.
 * - `signed_in`: any user or API key; the service decides what of it they see (their own
 *   API keys; the gates they may decide: each gate names its approvers).
 * - a {@link Permission}: the principal's role must hold it (lib/auth/roles.ts).
 */
import { ROLES, can, describeRoles, rolesWith, type Permission, type Role } from "@/lib/auth/roles";

export type Access = "public" | "hook" | "signed_in" | Permission;

/** `method path`, the path in OpenAPI form. */
export type RouteKey = `${"get" | "post" | "put" | "patch" | "delete"} /api/${string}`;

export const ROUTE_POLICY: Record<RouteKey, Access> = {
  "get /api/health": "public",
  "get /api/setup": "public",
  "post /api/setup": "public",
  "post /api/auth/sign-in/email": "public",
  "post /api/auth/sign-out": "public",
  "post /api/auth/change-password": "signed_in",
  "get /api/me": "signed_in",
  "get /api/openapi": "read",

  "get /api/workflows": "read",
  "post /api/workflows": "edit",
  "get /api/workflows/{id}": "read",
  "put /api/workflows/{id}": "edit",
  "delete /api/workflows/{id}": "edit",
  "post /api/workflows/{id}/validate": "read",
  "get /api/workflows/{id}/versions": "read",
  "get /api/workflows/{id}/versions/{version}": "read",
  "post /api/workflows/{id}/versions/{version}/restore": "edit",
  "post /api/workflows/{id}/runs": "run",
  "get /api/workflows/{id}/runs": "read",
  "get /api/workflows/{id}/events": "read",
  "get /api/workflows/{id}/hook": "read",
  "post /api/workflows/{id}/hook": "edit",
  "patch /api/workflows/{id}/hook": "edit",
  "delete /api/workflows/{id}/hook": "edit",
  "post /api/hooks/{hook_id}": "hook",

  "get /api/runs": "read",
  "get /api/runs/{id}": "read",
  "get /api/runs/{id}/steps/{stepId}": "read",
  "get /api/runs/{id}/checkpoints": "read",
  "get /api/runs/{id}/checkpoints/{seq}": "read",
  "get /api/runs/{id}/events": "read",
  "get /api/runs/{id}/gate": "read",
  "post /api/runs/{id}/resume": "run",
  "post /api/runs/{id}/cancel": "run",
  "post /api/runs/{id}/approve": "signed_in",
  "post /api/runs/{id}/reject": "signed_in",
  "get /api/approvals": "read",

  "get /api/spend": "read",
  "get /api/spend/runs": "read",
  "get /api/models": "read",
  "get /api/tools": "read",

  "get /api/audit": "admin",
  "get /api/audit/verify": "admin",
  "get /api/secrets": "admin",
  "post /api/secrets": "admin",
  "put /api/secrets/{name}": "admin",
  "delete /api/secrets/{name}": "admin",

  "get /api/users": "admin",
  "post /api/users": "admin",
  "patch /api/users/{userId}": "admin",
  "delete /api/users/{userId}": "admin",
  "get /api/api-keys": "signed_in",
  "post /api/api-keys": "signed_in",
  "delete /api/api-keys/{keyId}": "signed_in",
};

/** Routes whose `signed_in` access is narrowed further by the service (said in the OpenAPI document). */
export const NARROWED: Partial<Record<RouteKey, string>> = {
  "post /api/runs/{id}/approve": "the gate's approvers (default: the approver and admin roles), one approval each (a key counts as the person who made it); the person or key that triggered the run only when the gate allows self-approval",
  "post /api/runs/{id}/reject": "the gate's approvers (default: the approver and admin roles)",
  "get /api/api-keys": "a person's own keys; an admin sees every key",
  "post /api/api-keys": "a key's role is at most its creator's",
  "delete /api/api-keys/{keyId}": "one's own keys; an admin revokes any",
};

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  key: RouteKey;
  access: Access;
}

const COMPILED: CompiledRoute[] = (Object.entries(ROUTE_POLICY) as [RouteKey, Access][])
  .map(([key, access]) => {
    const [method, path] = key.split(" ");
    const source = path.split("/").map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
    return { method: method.toUpperCase(), pattern: new RegExp(`^${source}/?$`), key, access };
  })
  // Literal segments before parameters, so `/api/audit/verify` never matches a `{param}` row.
  .sort((a, b) => paramCount(a.key) - paramCount(b.key));

function paramCount(key: string): number {
  return (key.match(/\{/g) ?? []).length;
}

/** The policy row of a request (undefined: no such route, or a method it does not take). */
export function routeFor(method: string, pathname: string): { key: RouteKey; access: Access } | undefined {
  const m = method === "HEAD" ? "GET" : method;
  for (const route of COMPILED) if (route.method === m && route.pattern.test(pathname)) return route;
  return undefined;
}

/** Whether a principal of `role` passes the route's check (`public` and `hook` need no principal). */
export function allows(access: Access, role: Role | null): boolean {
  if (access === "public" || access === "hook") return true;
  if (role === null) return false;
  return access === "signed_in" || can(role, access);
}

/** The roles that pass a route's check, for the OpenAPI document and 403 messages. */
export function rolesFor(access: Access): Role[] {
  if (access === "public" || access === "hook" || access === "signed_in") return [...ROLES];
  return rolesWith(access);
}

/** "needs the editor or admin role" */
export function neededRoleMessage(access: Access): string {
  return `this needs ${describeRoles(rolesFor(access))}`;
}

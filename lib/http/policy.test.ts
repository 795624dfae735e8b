import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "@/lib/auth/roles";
import { OPERATIONS } from "./openapi";
import { allows, neededRoleMessage, ROUTE_POLICY, routeFor, type RouteKey } from "./policy";

/** What each role may do, written out route by route (the table), independently of ROUTE_POLICY. */
const READS: RouteKey[] = [
  "get /api/openapi", "get /api/workflows", "get /api/workflows/{id}", "post /api/workflows/{id}/validate", "get /api/workflows/{id}/versions",
  "get /api/workflows/{id}/versions/{version}", "get /api/workflows/{id}/runs", "get /api/runs", "get /api/runs/{id}", "get /api/runs/{id}/steps/{stepId}",
  "get /api/runs/{id}/checkpoints", "get /api/runs/{id}/checkpoints/{seq}", "get /api/runs/{id}/events", "get /api/runs/{id}/gate", "get /api/approvals", "get /api/spend",
  "get /api/spend/runs", "get /api/models", "get /api/tools", "get /api/workflows/{id}/hook", "get /api/workflows/{id}/events",
];
const EDITS: RouteKey[] = [
  "post /api/workflows", "put /api/workflows/{id}", "delete /api/workflows/{id}", "post /api/workflows/{id}/versions/{version}/restore",
  "post /api/workflows/{id}/hook", "patch /api/workflows/{id}/hook", "delete /api/workflows/{id}/hook",
];
const RUNS: RouteKey[] = ["post /api/workflows/{id}/runs", "post /api/runs/{id}/resume", "post /api/runs/{id}/cancel"];
const ADMIN: RouteKey[] = [
  "get /api/audit", "get /api/audit/verify", "get /api/secrets", "post /api/secrets", "put /api/secrets/{name}", "delete /api/secrets/{name}",
  "get /api/users", "post /api/users", "patch /api/users/{userId}", "delete /api/users/{userId}",
];
/** Open to every signed-in principal; the service narrows it (the gate's approvers, one's own keys). */
const EVERY_SIGNED_IN: RouteKey[] = ["get /api/me", "post /api/auth/change-password", "post /api/runs/{id}/approve", "post /api/runs/{id}/reject", "get /api/api-keys", "post /api/api-keys", "delete /api/api-keys/{keyId}"];
/** No principal needed: anyone, or (a webhook's call) whoever knows the hook's secret, which the route checks itself. */
const PUBLIC: RouteKey[] = ["get /api/health", "get /api/setup", "post /api/setup", "post /api/auth/sign-in/email", "post /api/auth/sign-out", "post /api/hooks/{hook_id}"];

const MAY: Record<Role, RouteKey[]> = {
  viewer: [...READS, ...EVERY_SIGNED_IN],
  editor: [...READS, ...EDITS, ...RUNS, ...EVERY_SIGNED_IN],
  approver: [...READS, ...EVERY_SIGNED_IN],
  admin: [...READS, ...EDITS, ...RUNS, ...ADMIN, ...EVERY_SIGNED_IN],
};

const routes = OPERATIONS.map((op) => `${op.method} ${op.path}` as RouteKey);

describe("the route policy", () => {
  it("has one row per route handler, and none for a route that does not exist", () => {
    expect(Object.keys(ROUTE_POLICY).sort()).toEqual([...routes].sort());
    expect([...READS, ...EDITS, ...RUNS, ...ADMIN, ...EVERY_SIGNED_IN, ...PUBLIC].sort()).toEqual([...routes].sort());
  });

  it.each(ROLES)("lets %s call exactly the routes of its role", (role) => {
    for (const key of routes) {
      const access = ROUTE_POLICY[key];
      expect(allows(access, role), `${role} ${key}`).toBe(MAY[role].includes(key) || PUBLIC.includes(key));
    }
  });

  it("lets nobody anonymous past a route that is not public", () => {
    for (const key of routes) expect(allows(ROUTE_POLICY[key], null), key).toBe(PUBLIC.includes(key));
  });

  it("finds a request's row by method and concrete path", () => {
    expect(routeFor("GET", "/api/audit/verify")?.key).toBe("get /api/audit/verify");
    expect(routeFor("GET", "/api/runs/abc/steps/def")?.key).toBe("get /api/runs/{id}/steps/{stepId}");
    expect(routeFor("POST", "/api/workflows/w1/versions/3/restore")?.key).toBe("post /api/workflows/{id}/versions/{version}/restore");
    expect(routeFor("HEAD", "/api/workflows")?.key).toBe("get /api/workflows");
    expect(routeFor("DELETE", "/api/workflows")).toBeUndefined();
    expect(routeFor("GET", "/api/workflows/a/b/c/d")).toBeUndefined();
    expect(routeFor("POST", "/api/hooks/hk_abc")).toEqual({ key: "post /api/hooks/{hook_id}", access: "hook", method: "POST", pattern: expect.any(RegExp) });
  });

  it("says which roles a refused call needs", () => {
    expect(neededRoleMessage("edit")).toBe("this needs the editor or admin role");
    expect(neededRoleMessage("admin")).toBe("this needs the admin role");
  });
});

/**
 * Roles and what each may do. The four roles are not a ladder: an editor changes and runs
 * workflows, an approver decides gates, neither does the other's work, and an admin does
 * everything. Routes ask for a {@link Permission}; this table says who holds it.
 */
import { z } from "zod";
import { ACTOR_ROLES, type ActorRole } from "@/engine/graph/schema";

// One list: the engine's, since gates name their approvers by role (engine/graph/schema.ts).
export const ROLES = ACTOR_ROLES;
export type Role = ActorRole;
export const roleSchema = z.enum(ROLES);

/**
 * - `read`: workflows, versions, runs, steps, checkpoints, events, approvals, spend, models, tools
 * - `edit`: create, change, delete and restore workflows
 * - `run`: trigger, resume and cancel runs
 * - `decide`: approve and reject the gates one is allowed on (the gate's `approvers` say who)
 * - `admin`: users, API keys of others, secrets, audit, settings
 */
export const PERMISSIONS = ["read", "edit", "run", "decide", "admin"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  viewer: ["read"],
  editor: ["read", "edit", "run"],
  approver: ["read", "decide"],
  admin: ["read", "edit", "run", "decide", "admin"],
};

/** Whether `role` holds `permission`. */
export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether every permission of `role` is also `holder`'s: an API key's role must be within its creator's. */
export function roleWithin(role: Role, holder: Role): boolean {
  return ROLE_PERMISSIONS[role].every((p) => can(holder, p));
}

/** The roles that hold `permission`, for messages ("needs the editor or admin role"). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((r) => can(r, permission));
}

/** "the editor or admin role" */
export function describeRoles(roles: readonly Role[]): string {
  if (roles.length === 1) return `the ${roles[0]} role`;
  return `the ${roles.slice(0, -1).join(", ")} or ${roles.at(-1)} role`;
}

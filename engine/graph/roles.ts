/**
 * The roles of people and API keys (lib/auth/roles.ts takes its list from here): a gate
 * names who may decide it by role.
 */
export const ACTOR_ROLES = ["viewer", "editor", "approver", "admin"] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** Who decides a gate when its config does not say. */
export const DEFAULT_APPROVER_ROLES: readonly ActorRole[] = ["approver", "admin"];
/** A gate may ask for at most this many approvals (validation refuses more). */
export const MAX_REQUIRED_APPROVALS = 20;

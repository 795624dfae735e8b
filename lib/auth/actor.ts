/**
 * Who performs a request or an action: a signed-in user, an API key (the bootstrap token is
 * one), a webhook, or Switchyard itself (recovery, timeouts, retention). Recorded in audit
 * rows, versions and runs (`triggered_by`) with the name it had at the time.
 */
import type { Role } from "./roles";

export type ActorType = "user" | "api_key" | "webhook" | "system";
export const ACTOR_TYPES: readonly ActorType[] = ["user", "api_key", "webhook", "system"];

export interface Actor {
  type: ActorType;
  id: string;
  name: string;
  /** What it may do; null for webhooks and the system, which act only where they are wired. */
  role: Role | null;
  /** A user's email (gate approver lists name people by email). */
  email?: string;
  /** An API key's creator (a user id), so a gate can refuse the key of the person who triggered the run. */
  ownerId?: string;
}

/** Switchyard itself. */
export const SYSTEM_ACTOR: Actor = { type: "system", id: "system", name: "Switchyard", role: null };

/**
 * Who performs a request or an action: a signed-in user, an API key (the bootstrap token is
 * one), a webhook, or Switchyard itself (recovery, timeouts, retention). Recorded in audit
 * rows, versions and runs (`triggered_by`) with the name it had at the time.
 */
import type { GateActor } from "@/engine/ports";
import type { Role } from "./roles";

export type ActorType = "user" | "api_key" | "webhook" | "system";
export const ACTOR_TYPES = ["user", "api_key", "webhook", "system"] as const satisfies readonly ActorType[];

export interface Actor {
  type: ActorType;
  id: string;
  name: string;
  /** What it may do; null for webhooks and the system, which act only where they are wired. */
  role: Role | null;
  /** A user's email (gate approver lists name people by email). */
  email?: string;
  /**
   * Who is behind an API key: the person who made it (for a key made with a key, that key's
   * maker, and so on; the bootstrap token's id for its keys), so a gate can refuse the key of
   * the person who triggered the run and count a person once.
   */
  ownerId?: string;
}

/** Switchyard itself. */
export const SYSTEM_ACTOR: Actor = { type: "system", id: "system", name: "Switchyard", role: null };

/** The actor as the engine's gates see it (engine/run/gate-approvers.ts decides with it). */
export function gateActor(actor: Actor): GateActor {
  return {
    type: actor.type,
    id: actor.id,
    name: actor.name,
    role: actor.role,
    ...(actor.email ? { email: actor.email } : {}),
    ...(actor.ownerId ? { owner_id: actor.ownerId } : {}),
  };
}

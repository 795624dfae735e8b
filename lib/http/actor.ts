/** Who performs a request: see lib/auth/actor.ts; the request's own is set by `authorize`. */
export type { Actor, ActorType } from "@/lib/auth/actor";
export { SYSTEM_ACTOR } from "@/lib/auth/actor";
export { getActor, actorIfAny, setActor } from "./authorize";

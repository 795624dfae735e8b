/**
 * Who may decide a human gate (SPEC §6): the one rule behind `engine.approve`/`reject`
 * and behind the hosts' lists of the gates a person may decide (the approvals inbox, the
 * run page). Pure: it sees the actor as they are now, the gate's policy, who triggered the
 * run and the approvals so far.
 *
 * A person and the API keys they made are one party: a key cannot approve what its maker
 * triggered (nor its maker what the key triggered), and a person approving once through a
 * key and once signed in counts once toward the quorum.
 */
import { ACTOR_ROLES, DEFAULT_APPROVER_ROLES, MAX_REQUIRED_APPROVALS, type ActorRole } from "../graph/roles";
import type { GateApprovers, PendingGate } from "../nodes/gate-form";
import type { GateActor, GateApproval, RunTrigger } from "../ports/world";

/** A gate's approver settings with their defaults applied. */
export interface GatePolicy {
  roles: ActorRole[];
  /** Lower-cased emails of the people named. */
  users: string[];
  required_approvals: number;
  allow_self_approval: boolean;
}

/** The part of a human gate's config that says who decides. */
export interface GatePolicyConfig {
  approvers?: GateApprovers;
  required_approvals?: number;
  allow_self_approval?: boolean;
}

/** What the rule answers: yes, or why not (`forbidden`: not theirs to decide; `bad_state`: already approved). */
export type GateVerdict = { ok: true } | { ok: false; code: "forbidden" | "bad_state"; message: string };

/** The run facts the rule needs. */
export interface GateContext {
  triggered_by?: RunTrigger;
  approvals: readonly GateApproval[];
}

export const normalEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The policy of a gate's config. Without `approvers` the default roles decide; with it,
 * exactly the roles and people it names. Values validation would refuse (a run cannot
 * start with them) are read as safely as they can be: unknown roles ignored, the count
 * rounded up into 1–20.
 */
export function gatePolicy(config: GatePolicyConfig): GatePolicy {
  const a = config.approvers;
  const roles = a ? ACTOR_ROLES.filter((r) => a.roles?.includes(r)) : [...DEFAULT_APPROVER_ROLES];
  const users = a ? [...new Set((a.users ?? []).map(normalEmail).filter((u) => u !== ""))] : [];
  const n = config.required_approvals;
  const required = n === undefined || !Number.isFinite(n) ? 1 : Math.min(MAX_REQUIRED_APPROVALS, Math.max(1, Math.ceil(n)));
  return { roles, users, required_approvals: required, allow_self_approval: config.allow_self_approval === true };
}

/** The policy a parked gate carries (the defaults for one parked before gates named approvers). */
export function pendingPolicy(gate: PendingGate): GatePolicy {
  const base = gatePolicy({ required_approvals: gate.required_approvals, allow_self_approval: gate.allow_self_approval });
  return gate.approvers ? { ...base, roles: [...gate.approvers.roles], users: [...gate.approvers.users] } : base;
}

/** Whether `actor` may approve now; refusals say why, addressed to them. */
export function mayApprove(policy: GatePolicy, actor: GateActor, ctx: GateContext): GateVerdict {
  if (!isApprover(policy, actor)) return forbidden(decidedBy(policy));
  const self = ctx.triggered_by && !policy.allow_self_approval ? selfRelation(actor, ctx.triggered_by) : null;
  if (self) return forbidden(`${self}, and this gate does not allow self-approval`);
  const prior = ctx.approvals.find((a) => sameParty(actor, { id: a.actor_id, owner_id: a.owner_id }));
  if (prior) {
    const who = prior.actor_id === actor.id ? "you have" : `${prior.actor_name} (counted as you: an API key counts as the person who made it) has`;
    return { ok: false, code: "bad_state", message: `${who} already approved this gate (${ctx.approvals.length} of ${policy.required_approvals} approvals)` };
  }
  return { ok: true };
}

/** Whether `actor` may reject: any of the gate's approvers (one rejection fails the run). */
export function mayReject(policy: GatePolicy, actor: GateActor): GateVerdict {
  return isApprover(policy, actor) ? { ok: true } : forbidden(decidedBy(policy));
}

/** "this gate is decided by the approver or admin role, or by ops@example.com" */
export function decidedBy(policy: GatePolicy): string {
  const roles = policy.roles.length > 0 ? `the ${orList(policy.roles)} role` : null;
  const users = policy.users.length > 0 ? orList(policy.users.length > 6 ? [...policy.users.slice(0, 5), `${policy.users.length - 5} others`] : policy.users) : null;
  if (roles && users) return `this gate is decided by ${roles}, or by ${users}`;
  if (roles || users) return `this gate is decided by ${roles ?? users}`;
  return "this gate names nobody who may decide it";
}

function isApprover(policy: GatePolicy, actor: GateActor): boolean {
  if (actor.role !== null && policy.roles.includes(actor.role)) return true;
  // People are named by email; a key has none and decides by its role.
  return actor.type === "user" && actor.email !== undefined && policy.users.includes(normalEmail(actor.email));
}

/** How `actor` is the one who triggered the run, or null when they are not. */
function selfRelation(actor: GateActor, trigger: RunTrigger): string | null {
  if (actor.id === trigger.id) return "you triggered this run";
  if (trigger.owner_id === actor.id) return `your API key "${trigger.name}" triggered this run`;
  if (actor.owner_id === trigger.id) return `this API key was made by ${trigger.name}, who triggered this run`;
  if (actor.owner_id !== undefined && actor.owner_id === trigger.owner_id) return `this API key and the key "${trigger.name}" that triggered this run were made by the same person`;
  return null;
}

/** Whether two principals are one party: the same, or a key and its maker, or two keys of one maker. */
export function sameParty(a: { id: string; owner_id?: string }, b: { id: string; owner_id?: string }): boolean {
  const ids = b.owner_id ? [b.id, b.owner_id] : [b.id];
  return ids.includes(a.id) || (a.owner_id !== undefined && ids.includes(a.owner_id));
}

const forbidden = (message: string): GateVerdict => ({ ok: false, code: "forbidden", message });

const orList = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);

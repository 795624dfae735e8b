/**
 * A gate's approvals as state and records (SPEC §6). A gate asking for several approvals
 * keeps those given so far under the internal key `__approvals_<id>`, so they are
 * checkpointed with the run (a restart keeps them) and hidden from templates and clients;
 * the parked run's `pending_gate` shows them. The last one completes the gate.
 */
import type { GateActor, GateApproval, State } from "../ports";
import { INTERNAL_PREFIX, isInternalKey } from "./state";

/** The internal state key of a gate's approvals so far. */
export const approvalsKey = (gateId: string): string => `${INTERNAL_PREFIX}approvals_${gateId}`;

/** The approvals a gate has so far (none when the key is absent). */
export function approvalsOf(state: State, gateId: string): GateApproval[] {
  const value = state[approvalsKey(gateId)];
  return Array.isArray(value) ? (value as GateApproval[]) : [];
}

export function newApproval(actor: GateActor, comment: string | undefined, input: Record<string, unknown>, at: number): GateApproval {
  return {
    actor_id: actor.id,
    actor_name: actor.name,
    actor_type: actor.type,
    ...(actor.owner_id ? { owner_id: actor.owner_id } : {}),
    comment: comment ?? null,
    input,
    at: new Date(at).toISOString(),
  };
}

/** An approval as workflows and clients see it: who made a key is not theirs to read. */
export type PublicApproval = Omit<GateApproval, "owner_id">;

export function publicApproval({ owner_id: _owner, ...rest }: GateApproval): PublicApproval {
  return rest;
}

/**
 * `state["approval_<id>"]` once the gate completes: the last approver's decision (the
 * fields a single-approval gate always wrote) and every approval in order.
 */
export function approvalRecord(approvals: readonly GateApproval[]) {
  const last = approvals[approvals.length - 1];
  return { approved: true, input: last.input, comment: last.comment, actor_id: last.actor_id, actor_name: last.actor_name, at: last.at, approvals: approvals.map(publicApproval) };
}

/** The reviewers' input merged into one object, later approvals over earlier ones. */
export function mergedInput(approvals: readonly GateApproval[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const a of approvals) {
    for (const [key, value] of Object.entries(a.input)) if (!isInternalKey(key)) merged[key] = value;
  }
  return merged;
}

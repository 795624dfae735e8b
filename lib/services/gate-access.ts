/**
 * Whether a person or key may decide a run's pending gate, for what they are shown: the
 * engine's rule (engine/run/gate-approvers.ts) applied to the actor as they are now, so the
 * inbox, the run page and the API answer exactly what `approve`/`reject` would.
 */
import type { RunRecord } from "@/engine/ports";
import { mayApprove, mayReject, pendingPolicy } from "@/engine/run/gate-approvers";
import { gateActor, type Actor } from "@/lib/auth/actor";

export interface GateAccess {
  /** Whether an approval from them would be accepted now. */
  may_decide: boolean;
  /** Whether they may reject (any of the gate's approvers may, self and earlier approvals aside). */
  may_reject: boolean;
  /** Why they may not approve (null when they may): "you triggered this run…". */
  decide_refusal: string | null;
}

/** The access of `actor` to `run`'s pending gate; null when the run waits at none. */
export function gateAccess(run: Pick<RunRecord, "pending_gate" | "triggered_by">, actor: Actor): GateAccess | null {
  const gate = run.pending_gate;
  if (!gate) return null;
  const policy = pendingPolicy(gate);
  const who = gateActor(actor);
  const approve = mayApprove(policy, who, { triggered_by: run.triggered_by, approvals: gate.approvals ?? [] });
  return { may_decide: approve.ok, may_reject: mayReject(policy, who).ok, decide_refusal: approve.ok ? null : approve.message };
}

/**
 * What a decision at a human gate changes in a paused run's snapshot (SPEC §6), as pure
 * steps the engine's `approve`/`reject` sequence: refuse what the gate does not allow,
 * hold an approval short of the quorum, complete the gate, or fail it.
 */
import { EngineError } from "../errors";
import { nodeLabel, type HumanGateNode } from "../graph/schema";
import type { EngineEvent, GateActor, GateApproval, PendingGate, QueueItem, RunWrite, StepRecord } from "../ports";
import type { DriverSnapshot } from "./driver";
import { approvalRecord, approvalsKey, approvalsOf, mergedInput, publicApproval } from "./gate-approvals";
import type { GateVerdict } from "./gate-approvers";
import { checkGateInput } from "./gate-input";
import { checkpointWrite, finishStep, idempotencyKey, newStep, statusEvent } from "./records";
import { routeSettled } from "./routing";

/** Throws the verdict's typed error (`forbidden`, `bad_state`) unless it allows the decision. */
export function refuseUnless(verdict: GateVerdict): void {
  if (!verdict.ok) throw new EngineError(verdict.code, verdict.message);
}

/** Throws `invalid_input` naming each reviewer field that does not fit the gate's form. */
export function refuseBadInput(gate: HumanGateNode, input: Record<string, unknown>): void {
  const problems = checkGateInput(gate.config.fields, input);
  if (problems.length > 0) throw new EngineError("invalid_input", `invalid reviewer input: ${problems.map((p) => `${p.field} ${p.message}`).join("; ")}`);
}

/**
 * The write of an approval short of the quorum: a `gate:<id>` checkpoint with the approvals
 * in state (so a restart keeps them), the run's `pending_gate` showing them, still paused.
 */
export function holdWrite(snap: DriverSnapshot, gateId: string, approvals: GateApproval[], now: number): RunWrite {
  const runId = snap.run.id;
  const key = approvalsKey(gateId);
  snap.state[key] = approvals;
  const pending_gate: PendingGate = { ...snap.run.pending_gate!, approvals };
  return {
    run_id: runId,
    checkpoint: checkpointWrite(runId, snap.checkpoint_seq + 1, `gate:${gateId}`, snap.state, [key], snap.completed, snap.queue, snap.meta, now),
    // `paused` again: the write ends this (short) segment, so a store drops the run's lease with it.
    run: { status: "paused", pending_gate },
    events: [statusEvent({ ...snap.run, pending_gate })],
  };
}

/**
 * The last approval: `approval_<id>` recorded, the reviewers' input merged into state, the
 * gate's step completed and its edges routed. Returns what the `resume` checkpoint writes.
 */
export function completeGate(snap: DriverSnapshot, gate: HumanGateNode, item: QueueItem, approvals: GateApproval[], now: number) {
  const runId = snap.run.id;
  const record = approvalRecord(approvals);
  const changed = [`approval_${gate.id}`];
  snap.state[`approval_${gate.id}`] = record;
  if (approvalsKey(gate.id) in snap.state) {
    delete snap.state[approvalsKey(gate.id)];
    changed.push(approvalsKey(gate.id));
  }
  for (const [key, value] of Object.entries(mergedInput(approvals))) {
    snap.state[key] = value;
    changed.push(key);
  }
  snap.queue = snap.queue.filter((q) => q !== item);
  snap.completed.push(gate.id);
  const step = finishStep(gateStep(snap, gate, item, now), "completed", now, { output: record });
  const routing = routeSettled(snap.plan, snap.meta, gate.id, null);
  snap.queue.push(...routing.queued);
  const steps = [step, ...routing.skipped.map((id) => newStep(runId, ++snap.last_step_seq, snap.plan.index.nodes.get(id)!, "skipped", `${runId}:${id}:skipped`, snap.checkpoint_seq, now))];
  const events: EngineEvent[] = steps.map((s) => ({ type: "step.finished", run_id: runId, step: s }));
  return { steps, events, changed };
}

/** A rejection: the reason the run fails with, and the gate's failed step (with the approvals it had). */
export function rejection(snap: DriverSnapshot, gate: HumanGateNode, item: QueueItem, actor: GateActor, comment: string | undefined, now: number): { reason: string; step: StepRecord } {
  const reason = `gate '${nodeLabel(gate)}' (${gate.id}) rejected by ${actor.name}${comment ? `: ${comment}` : ""}`;
  const approvals = approvalsOf(snap.state, gate.id).map(publicApproval);
  const output = { approved: false, comment: comment ?? null, actor_id: actor.id, actor_name: actor.name, approvals };
  return { reason, step: finishStep(gateStep(snap, gate, item, now), "failed", now, { error: reason, output }) };
}

/** The gate's waiting step: the one the parked segment opened, or a new one if it is gone. */
function gateStep(snap: DriverSnapshot, gate: HumanGateNode, item: QueueItem, now: number): StepRecord {
  const key = idempotencyKey(snap.run.id, gate.id, item.n);
  const open = snap.open_steps.find((s) => s.idempotency_key === key);
  snap.open_steps = snap.open_steps.filter((s) => s !== open);
  return open ?? newStep(snap.run.id, ++snap.last_step_seq, gate, "waiting", key, snap.checkpoint_seq, now);
}

import "server-only";
/**
 * Run lifecycle (SPEC §5, §6): resume, approve, reject, cancel. Each goes through the
 * process's run runtime (leases) and appends its audit row once the engine accepted it.
 * Approve and resume answer at once; the run continues in the background.
 *
 * Cancel of a run that another live server process is driving (several processes on one
 * PostgreSQL database) is sent to that process, which stops it; with SQLite one server
 * process drives every run, so an active run is always in this process.
 */
import type { HumanGateNode } from "@/engine/graph/schema";
import { engineErrorCode } from "@/engine/errors";
import { checkGateInput } from "@/engine/run/gate-input";
import { ApiError, type Actor } from "@/lib/http";
import { gateActor } from "@/lib/auth/actor";
import { storage, type AuditAction } from "@/lib/db";
import { runtime } from "@/lib/runtime";
import { HeldElsewhere } from "@/lib/runtime/run-runtime";
import { getRun, requireRunRecord, type RunDto } from "./runs";

async function audit(action: AuditAction, runId: string, actor: Actor, details: Record<string, unknown>): Promise<void> {
  await storage().audit.append({ action, actor: actor, targetType: "run", targetId: runId, details });
}

/** Continue a failed or interrupted run from its latest checkpoint. */
export async function resumeRun({ id, actor, stepInputs }: { id: string; actor: Actor; stepInputs?: boolean }): Promise<RunDto> {
  const before = await requireRunRecord(id);
  const rt = runtime();
  await rt.drive(id, () => rt.engine.resume(id));
  await audit("run.resume", id, actor, { from_status: before.status });
  return getRun({ id, stepInputs });
}

export interface GateDecisionInput {
  id: string;
  actor: Actor;
  nodeId: string;
  comment?: string;
  input?: Record<string, unknown>;
  /** False: the answer's steps leave their input snapshots out. */
  stepInputs?: boolean;
}

/**
 * Approve the pending gate as `d.actor` is now: 403 when the gate's approvers do not include
 * them (or they triggered the run), 409 when they approved already, 400 naming reviewer
 * fields that do not fit. Each accepted approval is an audit row saying where the quorum
 * stands; the run goes on with the last one.
 */
export async function approveGate(d: GateDecisionInput): Promise<RunDto> {
  await requireRunRecord(d.id);
  const rt = runtime();
  let quorum: { approvals_so_far: number; required_approvals: number };
  try {
    const handle = await rt.drive(d.id, () => rt.engine.approve(d.id, { node_id: d.nodeId, actor: gateActor(d.actor), comment: d.comment, input: d.input }));
    quorum = { approvals_so_far: handle.approvals_so_far, required_approvals: handle.required_approvals };
  } catch (err) {
    if (engineErrorCode(err) === "invalid_input") throw await reviewerInputError(d, err as Error);
    throw err;
  }
  await audit("gate.approve", d.id, d.actor, { node_id: d.nodeId, ...(d.comment ? { comment: d.comment.slice(0, 500) } : {}), approvals_so_far: quorum.approvals_so_far, required: quorum.required_approvals });
  return getRun({ id: d.id, stepInputs: d.stepInputs, viewer: d.actor });
}

/** Reject the pending gate (403 unless `d.actor` is one of its approvers): the run fails naming the gate and the reviewer. */
export async function rejectGate(d: Omit<GateDecisionInput, "input">): Promise<RunDto> {
  await requireRunRecord(d.id);
  const rt = runtime();
  await rt.decide(d.id, () => rt.engine.reject(d.id, { node_id: d.nodeId, actor: gateActor(d.actor), comment: d.comment }));
  await audit("gate.reject", d.id, d.actor, { node_id: d.nodeId, ...(d.comment ? { comment: d.comment.slice(0, 500) } : {}) });
  return getRun({ id: d.id, stepInputs: d.stepInputs, viewer: d.actor });
}

/** Cancel: an active run settles its in-flight nodes and fails `cancelled by <actor>`; an idle one fails at once. */
export async function cancelRun({ id, actor, stepInputs }: { id: string; actor: Actor; stepInputs?: boolean }): Promise<RunDto> {
  const before = await requireRunRecord(id);
  const rt = runtime();
  if (rt.engine.isActive(id)) await rt.engine.cancel(id, actor.name);
  else {
    try {
      await rt.decide(id, () => rt.engine.cancel(id, actor.name));
    } catch (err) {
      // Driven by another process on the same database: it is told, and this waits for the run to stop.
      if (!(err instanceof HeldElsewhere && rt.notices)) throw err;
      await rt.notices.control({ op: "cancel", runId: id, by: actor.name });
      await settledElsewhere(id);
    }
  }
  await audit("run.cancel", id, actor, { from_status: before.status });
  return getRun({ id, stepInputs });
}

/** How long a cancel sent to another process waits for the run to stop. */
const CANCEL_ELSEWHERE_MS = 15_000;

/** Resolves once the run has ended (read from the store); 409 if the process driving it does not stop it in time. */
async function settledElsewhere(id: string): Promise<void> {
  const deadline = Date.now() + CANCEL_ELSEWHERE_MS;
  for (;;) {
    const { status } = await requireRunRecord(id);
    if (status === "failed" || status === "completed") return;
    if (Date.now() > deadline) throw new ApiError("bad_state", `run ${id} is driven by another server process, which did not stop it within ${CANCEL_ELSEWHERE_MS / 1000} s; try again`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** 400 naming each bad reviewer field as `input.<field>`, like a body shape error. */
async function reviewerInputError(d: GateDecisionInput, err: Error): Promise<ApiError> {
  const loaded = await runtime().store.loadRun(d.id);
  const gate = loaded?.graph.nodes.find((n) => n.id === d.nodeId && n.type === "human_gate") as HumanGateNode | undefined;
  const problems = gate ? checkGateInput(gate.config.fields, d.input ?? {}) : [];
  return new ApiError("invalid_body", err.message, { issues: problems.map((p) => ({ path: `input.${p.field}`, message: p.message })) });
}

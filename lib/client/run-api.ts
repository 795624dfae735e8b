/** Typed calls to the run lifecycle, approvals and checkpoints endpoints (docs/api.md). */
import { apiFetch } from "./http";
import type { ApprovalView, CheckpointHead, CheckpointView, RunDetail, RunGateView, RunSummary, StepView } from "./run-types";
import type { Page, RunStatus } from "./types";

const one = (id: string) => `/api/runs/${encodeURIComponent(id)}`;

/**
 * The run with its steps, but not their input snapshots (each is a full state: a run of
 * a thousand nodes answers in megabytes with them); `input` stays undefined until
 * {@link getRunStep} loads the one a person opens.
 */
export async function getRunDetail(id: string, signal?: AbortSignal): Promise<RunDetail> {
  const detail = await apiFetch<RunDetail>(`${one(id)}?step_inputs=false`, { signal });
  return { ...detail, steps: detail.steps?.map((s) => ({ ...s, input: undefined })) };
}

/** One step with its input snapshot. */
export function getRunStep(id: string, stepId: string): Promise<StepView> {
  return apiFetch(`${one(id)}/steps/${encodeURIComponent(stepId)}`);
}

/** Runs newest first, across workflows or for one, optionally only those one user, key or webhook triggered. */
export function listRunSummaries(filter: { status?: RunStatus; workflowId?: string; triggeredBy?: string; cursor?: string; limit?: number } = {}): Promise<Page<RunSummary>> {
  const q = new URLSearchParams();
  if (filter.status) q.set("status", filter.status);
  if (filter.workflowId) q.set("workflow_id", filter.workflowId);
  if (filter.triggeredBy) q.set("triggered_by", filter.triggeredBy);
  if (filter.cursor) q.set("cursor", filter.cursor);
  q.set("limit", String(filter.limit ?? 50));
  return apiFetch(`/api/runs?${q}`);
}

/** Which checkpoints the run has; {@link getCheckpoint} reads one whole. */
export function listCheckpoints(id: string): Promise<{ items: CheckpointHead[] }> {
  return apiFetch(`${one(id)}/checkpoints?state=false`);
}

export function getCheckpoint(id: string, seq: number): Promise<CheckpointView> {
  return apiFetch(`${one(id)}/checkpoints/${seq}`);
}

// The UI follows a run through its event stream and loads step inputs one at a time, so
// the lifecycle calls skip the inputs in their answers (a run of thousands of steps answers
// in megabytes with them).
export function approveRun(id: string, body: { node_id: string; input?: Record<string, unknown>; comment?: string }): Promise<RunDetail> {
  return apiFetch(`${one(id)}/approve?step_inputs=false`, { method: "POST", body });
}

export function rejectRun(id: string, body: { node_id: string; comment?: string }): Promise<RunDetail> {
  return apiFetch(`${one(id)}/reject?step_inputs=false`, { method: "POST", body });
}

export function resumeRun(id: string): Promise<RunDetail> {
  return apiFetch(`${one(id)}/resume?step_inputs=false`, { method: "POST" });
}

export function cancelRun(id: string): Promise<RunDetail> {
  return apiFetch(`${one(id)}/cancel?step_inputs=false`, { method: "POST" });
}

/** The run's pending gate as the signed-in person sees it: whether they may decide it now, and why not. */
export function getRunGate(id: string, signal?: AbortSignal): Promise<RunGateView> {
  return apiFetch(`${one(id)}/gate`, { signal });
}

export function listApprovalItems(): Promise<Page<ApprovalView>> {
  return apiFetch("/api/approvals?limit=200");
}

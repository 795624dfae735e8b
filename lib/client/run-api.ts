/** Typed calls to the run lifecycle, approvals and checkpoints endpoints (docs/api.md). */
import { apiFetch } from "./http";
import type { ApprovalView, CheckpointView, RunDetail, RunSummary } from "./run-types";
import type { Page, RunStatus } from "./types";

const one = (id: string) => `/api/runs/${encodeURIComponent(id)}`;

export function getRunDetail(id: string, signal?: AbortSignal): Promise<RunDetail> {
  return apiFetch(one(id), { signal });
}

/** Runs newest first, across workflows or for one. */
export function listRunSummaries(filter: { status?: RunStatus; workflowId?: string; cursor?: string; limit?: number } = {}): Promise<Page<RunSummary>> {
  const q = new URLSearchParams();
  if (filter.status) q.set("status", filter.status);
  if (filter.workflowId) q.set("workflow_id", filter.workflowId);
  if (filter.cursor) q.set("cursor", filter.cursor);
  q.set("limit", String(filter.limit ?? 50));
  return apiFetch(`/api/runs?${q}`);
}

export function listCheckpoints(id: string): Promise<{ items: CheckpointView[] }> {
  return apiFetch(`${one(id)}/checkpoints`);
}

export function approveRun(id: string, body: { node_id: string; input?: Record<string, unknown>; comment?: string }): Promise<RunDetail> {
  return apiFetch(`${one(id)}/approve`, { method: "POST", body });
}

export function rejectRun(id: string, body: { node_id: string; comment?: string }): Promise<RunDetail> {
  return apiFetch(`${one(id)}/reject`, { method: "POST", body });
}

export function resumeRun(id: string): Promise<RunDetail> {
  return apiFetch(`${one(id)}/resume`, { method: "POST" });
}

export function cancelRun(id: string): Promise<RunDetail> {
  return apiFetch(`${one(id)}/cancel`, { method: "POST" });
}

export function listApprovalItems(): Promise<Page<ApprovalView>> {
  return apiFetch("/api/approvals?limit=200");
}

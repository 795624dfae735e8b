/** Typed calls to the workflow endpoints (SPEC §10). */
import type { Graph, GraphInput } from "@/engine/graph/schema";
import { apiFetch } from "./http";
import type { Page, Run, ValidationResult, Workflow, WorkflowSummary } from "./types";

const base = "/api/workflows";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Live workflows, newest updated first; `q` keeps those whose name or description contains it. */
export function listWorkflows(opts: { cursor?: string; limit?: number; q?: string } = {}): Promise<Page<WorkflowSummary>> {
  const q = new URLSearchParams();
  if (opts.q) q.set("q", opts.q);
  if (opts.cursor) q.set("cursor", opts.cursor);
  if (opts.limit) q.set("limit", String(opts.limit));
  const qs = q.toString();
  return apiFetch(qs ? `${base}?${qs}` : base);
}

export function createWorkflow(body: { name: string; description?: string; graph?: GraphInput }): Promise<Workflow> {
  return apiFetch(base, { method: "POST", body });
}

export function getWorkflow(id: string): Promise<Workflow> {
  return apiFetch(one(id));
}

/** Saves; a stale `base_version` is refused with ApiError status 409, code `version_conflict`. */
export function updateWorkflow(
  id: string,
  body: { name?: string; description?: string; graph?: Graph | GraphInput; base_version: number; note?: string },
): Promise<Workflow> {
  return apiFetch(one(id), { method: "PUT", body });
}

export function deleteWorkflow(id: string): Promise<unknown> {
  return apiFetch(one(id), { method: "DELETE" });
}

/** Validates unsaved work; the abort signal lets a newer edit cancel an older request. */
export function validateGraph(id: string, graph: Graph | GraphInput, signal?: AbortSignal): Promise<ValidationResult> {
  return apiFetch(`${one(id)}/validate`, { method: "POST", body: { graph }, signal });
}

/** Triggers a run; an invalid graph is refused with ApiError status 422 and `details.errors`. */
export function triggerRun(id: string, input: Record<string, unknown>, options?: Record<string, unknown>): Promise<Run> {
  return apiFetch(`${one(id)}/runs?step_inputs=false`, { method: "POST", body: options && Object.keys(options).length > 0 ? { input, options } : { input } });
}

/** Typed calls to the run endpoints (SPEC §10). */
import { apiFetch } from "./http";
import type { Run } from "./types";

export function getRun(id: string, signal?: AbortSignal): Promise<Run> {
  return apiFetch(`/api/runs/${encodeURIComponent(id)}`, { signal });
}

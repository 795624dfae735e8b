/** Typed calls to the version history, audit and spend endpoints (docs/api.md). */
import { apiFetch } from "./http";
import type { AuditRow, AuditVerify, SpendReport, SpendRunList, VersionDetail, VersionSummary } from "./run-types";
import type { Page, Workflow } from "./types";

const wf = (id: string) => `/api/workflows/${encodeURIComponent(id)}`;

export function listVersions(id: string): Promise<Page<VersionSummary>> {
  return apiFetch(`${wf(id)}/versions?limit=500`);
}

export function getVersion(id: string, version: number): Promise<VersionDetail> {
  return apiFetch(`${wf(id)}/versions/${version}`);
}

/** Makes `version` the live graph again, as a new version. */
export function restoreVersion(id: string, version: number, baseVersion?: number): Promise<Workflow> {
  return apiFetch(`${wf(id)}/versions/${version}/restore`, { method: "POST", body: baseVersion === undefined ? {} : { base_version: baseVersion } });
}

export function listAuditRows(filter: { action?: string; target_type?: string; target_id?: string; actor_id?: string; cursor?: string; limit?: number }): Promise<Page<AuditRow>> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== "") q.set(k, String(v));
  return apiFetch(`/api/audit?${q}`);
}

/** `new`: only the rows appended since the server's last check; `full`: every row. */
export function verifyAudit(scope: "full" | "new" = "full"): Promise<AuditVerify> {
  return apiFetch(`/api/audit/verify?scope=${scope}`);
}

export function getSpend(period: string): Promise<SpendReport> {
  return apiFetch(`/api/spend?period=${encodeURIComponent(period)}`);
}

/** The runs behind one spend figure. */
export function getSpendRuns(period: string, by: { workflow_id?: string; model?: string; node_id?: string }): Promise<SpendRunList> {
  const q = new URLSearchParams({ period });
  for (const [k, v] of Object.entries(by)) if (v) q.set(k, v);
  return apiFetch(`/api/spend/runs?${q}`);
}

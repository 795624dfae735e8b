"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { ActorFilter, type ActorPick } from "@/components/auth/actor-filter";
import { Button } from "@/components/ui/button";
import { duration, relativeTime, usd } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";
import { listRunSummaries } from "@/lib/client/run-api";
import type { RunSummary } from "@/lib/client/run-types";
import type { RunStatus } from "@/lib/client/types";
import { TriggeredByCell } from "./triggered-by-cell";
import { TableScroll } from "@/components/ui/table-scroll";

const FILTERS: (RunStatus | "all")[] = ["all", "running", "paused", "completed", "failed", "pending"];

/** Runs newest first with status and triggerer filters; one workflow's runs, or all of them. */
export function RunsTable({ workflowId, title }: { workflowId?: string; title: string }) {
  const [status, setStatus] = useState<RunStatus | "all">("all");
  const [by, setBy] = useState<ActorPick | null>(null);
  const triggeredBy = by?.id;
  const [pages, setPages] = useState<{ key: string; items: RunSummary[]; next: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = `${workflowId}:${status}:${triggeredBy ?? ""}`;
  const load = (cursor?: string) =>
    listRunSummaries({ workflowId, status: status === "all" ? undefined : status, triggeredBy, cursor })
      .then((p) => setPages((prev) => ({ key, items: cursor && prev?.key === key ? [...prev.items, ...p.items] : p.items, next: p.next_cursor })))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : "Could not load runs"));
  useEffect(() => {
    let live = true;
    listRunSummaries({ workflowId, status: status === "all" ? undefined : status, triggeredBy })
      .then((p) => live && setPages({ key: `${workflowId}:${status}:${triggeredBy ?? ""}`, items: p.items, next: p.next_cursor }))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load runs"));
    return () => {
      live = false;
    };
  }, [workflowId, status, triggeredBy]);
  const rows = pages?.key === key ? pages.items : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="max-w-full min-w-0 truncate text-lg font-semibold text-slate-900" title={title}>
          {title}
        </h1>
        <div className="flex max-w-full flex-wrap items-center gap-2">
          <div className="w-52">
            <ActorFilter value={by} onChange={setBy} label="Triggered by" anyLabel="Triggered by anyone" testId="runs-filter-triggered-by" className="py-1 text-xs" />
          </div>
          <div className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-panel p-0.5 ring-1 ring-slate-200" role="group" aria-label="Show runs by status">
            {FILTERS.map((f) => (
              <button key={f} type="button" onClick={() => setStatus(f)} data-testid={`runs-filter-${f}`} aria-pressed={status === f}
                className={`rounded-md px-2.5 py-1 text-xs font-medium capitalize ${status === f ? "bg-accent text-white" : "text-slate-600 hover:bg-slate-100"}`}>
                {f}
              </button>
            ))}
          </div>
        </div>
      </div>
      {error && <p className="mb-3 text-sm text-red-700">{error}</p>}
      <TableScroll label="Runs" className="overflow-hidden rounded-lg bg-panel ring-1 ring-slate-200">
        <table className="w-full text-left text-sm" data-testid="runs-table">
          <thead className="border-b border-slate-200 bg-slate-50 text-[10px] font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              {["Run", ...(workflowId ? [] : ["Workflow"]), "Status", "Triggered by", "Version", "Started", "Duration", "Tokens", "Cost"].map((h) => (
                <th key={h} className={`px-3 py-2 first:pl-4 ${["Duration", "Tokens", "Cost"].includes(h) ? "text-right" : ""}`}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows?.map((r) => (
              <tr key={r.id} className="hover:bg-slate-50" data-testid="run-list-row" data-status={r.status}>
                <td className="py-2 pr-3 pl-4 font-mono text-xs">
                  <Link href={`/runs/${r.id}`} className="text-brand-700 hover:underline">{r.id}</Link>
                  {r.error_message && <p className="max-w-xs truncate font-sans text-[11px] text-red-600" title={r.error_message}>{r.error_message}</p>}
                </td>
                {!workflowId && (
                  <td className="px-3 py-2 text-xs">
                    <Link href={`/workflows/${r.workflow_id}/runs`} title={r.workflow_name ?? undefined} className="block max-w-56 truncate text-slate-700 hover:underline">{r.workflow_name ?? r.workflow_id}</Link>
                  </td>
                )}
                <td className="px-3 py-2"><StatusBadge status={r.status} /></td>
                <TriggeredByCell by={r.triggered_by} onPick={setBy} />
                <td className="px-3 py-2 text-xs text-slate-600">v{r.workflow_version}</td>
                <td className="px-3 py-2 text-xs text-slate-600" title={r.started_at ?? r.created_at}>{relativeTime(r.started_at ?? r.created_at)}</td>
                <td className="px-3 py-2 text-right font-mono text-xs text-slate-600">{duration(r.duration_ms)}</td>
                <td className="px-3 py-2 text-right font-mono text-xs text-slate-600">{r.tokens_in + r.tokens_out || "—"}</td>
                <td className="px-3 py-2 text-right font-mono text-xs text-slate-800">{usd(r.cost_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows && rows.length === 0 && <p className="p-8 text-center text-sm text-slate-500" data-testid="runs-empty">No runs match.</p>}
        {!rows && <p className="p-8 text-center text-sm text-slate-500">Loading…</p>}
      </TableScroll>
      {pages?.next && pages.key === key && (
        <div className="mt-3 text-center">
          <Button size="sm" onClick={() => void load(pages.next ?? undefined)} data-testid="runs-more">Load more</Button>
        </div>
      )}
    </div>
  );
}

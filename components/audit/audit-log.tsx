"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select, TextInput } from "@/components/ui/field";
import { listAuditRows } from "@/lib/client/history-api";
import type { AuditRow } from "@/lib/client/run-types";
import { ChainStatus } from "./chain-status";

const ACTIONS = ["workflow.create", "workflow.update", "workflow.delete", "workflow.restore", "run.trigger", "run.resume", "run.cancel", "run.prune", "gate.approve", "gate.reject"];
const PAGE = 50;

function targetHref(row: AuditRow): string | null {
  if (row.target_type === "run") return row.target_id === "*" ? null : `/runs/${row.target_id}`;
  if (row.target_type === "workflow") return `/workflows/${row.target_id}/versions`;
  return null;
}

/** The audit trail newest first: filter by action and target, page through, see the chain check. */
export function AuditLog() {
  const [action, setAction] = useState("");
  const [targetType, setTargetType] = useState("");
  const [targetId, setTargetId] = useState("");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<{ items: AuditRow[]; next: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];
  useEffect(() => {
    let live = true;
    listAuditRows({ action, target_type: targetType || undefined, target_id: targetType ? targetId || undefined : undefined, cursor, limit: PAGE })
      .then((p) => {
        if (!live) return;
        setPage({ items: p.items, next: p.next_cursor });
        setError(null);
      })
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load the audit log"));
    return () => {
      live = false;
    };
  }, [action, targetType, targetId, cursor]);
  const refilter = (fn: () => void) => {
    fn();
    setCursors([undefined]);
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-64 flex-1">
          <h1 className="text-lg font-semibold text-slate-900">Audit log</h1>
          <p className="text-sm text-slate-500">Every material action, newest first. Rows are chained by hash, so an edit or a deletion shows up below.</p>
        </div>
        <ChainStatus />
      </div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="w-48">
          <Select aria-label="Action" value={action} onChange={(e) => refilter(() => setAction(e.target.value))} data-testid="audit-filter-action">
            <option value="">All actions</option>
            {ACTIONS.map((a) => <option key={a}>{a}</option>)}
          </Select>
        </div>
        <div className="w-36">
          <Select aria-label="Target type" value={targetType} onChange={(e) => refilter(() => setTargetType(e.target.value))} data-testid="audit-filter-target-type">
            <option value="">Any target</option>
            <option value="workflow">workflow</option>
            <option value="run">run</option>
          </Select>
        </div>
        <div className="w-full sm:w-64">
          <TextInput aria-label="Target id" placeholder="Target id" value={targetId} disabled={!targetType} onChange={(e) => refilter(() => setTargetId(e.target.value.trim()))} data-testid="audit-filter-target-id" />
        </div>
      </div>
      {error && <p className="mb-3 text-sm text-red-700">{error}</p>}
      <div className="overflow-x-auto rounded-lg bg-panel ring-1 ring-slate-200">
        <table className="w-full min-w-[40rem] table-fixed text-left text-xs" data-testid="audit-table">
          <thead className="border-b border-slate-200 bg-slate-50 text-[10px] font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="w-14 px-3 py-2 pl-4">#</th>
              <th className="w-40 px-3 py-2">When</th>
              <th className="w-36 px-3 py-2">Action</th>
              <th className="w-20 px-3 py-2">Actor</th>
              <th className="w-56 px-3 py-2">Target</th>
              <th className="px-3 py-2">Details</th>
              <th className="w-24 px-3 py-2">Hash</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page?.items.map((r) => {
              const href = targetHref(r);
              return (
                <tr key={r.id} data-testid="audit-row" data-action={r.action} className="align-top">
                  <td className="px-3 py-1.5 pl-4 font-mono text-slate-500">{r.seq}</td>
                  <td className="px-3 py-1.5 text-slate-600" title={r.created_at}>{new Date(r.created_at).toLocaleString()}</td>
                  <td className="px-3 py-1.5"><span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-800">{r.action}</span></td>
                  <td className="px-3 py-1.5 text-slate-600">{r.actor_id}</td>
                  <td className="truncate px-3 py-1.5 font-mono text-[11px]">
                    <span className="text-slate-500">{r.target_type}/</span>
                    {href ? <Link href={href} className="text-brand-700 hover:underline">{r.target_id}</Link> : r.target_id}
                  </td>
                  <td className="truncate px-3 py-1.5 font-mono text-[11px] text-slate-500" title={JSON.stringify(r.details)}>{JSON.stringify(r.details)}</td>
                  <td className="px-3 py-1.5 font-mono text-[11px] text-slate-500" title={r.hash}>{r.hash.slice(0, 10)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {page && page.items.length === 0 && <p className="p-8 text-center text-sm text-slate-500">No entries match.</p>}
      </div>
      <div className="mt-3 flex items-center justify-between text-xs text-slate-500">
        <span>Page {cursors.length}</span>
        <div className="flex gap-2">
          <Button size="sm" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))} data-testid="audit-prev">Newer</Button>
          <Button size="sm" disabled={!page?.next} onClick={() => page?.next && setCursors((c) => [...c, page.next ?? undefined])} data-testid="audit-next">Older</Button>
        </div>
      </div>
    </div>
  );
}

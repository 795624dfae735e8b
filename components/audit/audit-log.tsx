"use client";
import Link from "next/link";
import { describeDetails } from "./audit-details";
import { useEffect, useState } from "react";
import { ActorFilter, type ActorPick } from "@/components/auth/actor-filter";
import { ActorLabel } from "@/components/auth/actor-label";
import { Button } from "@/components/ui/button";
import { Select, TextInput } from "@/components/ui/field";
import { listAuditRows } from "@/lib/client/history-api";
import type { AuditRow } from "@/lib/client/run-types";
import { ChainStatus } from "./chain-status";
import { TableScroll } from "@/components/ui/table-scroll";

const ACTIONS = [
  "workflow.create", "workflow.update", "workflow.delete", "workflow.restore", "run.trigger", "run.resume", "run.cancel", "run.prune", "gate.approve", "gate.reject",
  "secret.create", "secret.update", "secret.delete", "user.create", "user.update", "user.delete", "api_key.create", "api_key.revoke",
];
const TARGET_TYPES = ["workflow", "run", "user", "api_key", "secret"];
/** Switchyard itself (recovery, timeouts, retention) as an actor to filter by. */
const SYSTEM_PICK: ActorPick = { id: "system", name: "Switchyard (system)" };
const PAGE = 50;

function targetHref(row: AuditRow): string | null {
  if (row.target_type === "run") return row.target_id === "*" ? null : `/runs/${row.target_id}`;
  if (row.target_type === "workflow") return `/workflows/${row.target_id}/versions`;
  return null;
}

/** The audit trail newest first: filter by action, target and who acted, page through, see the chain check. */
export function AuditLog() {
  const [action, setAction] = useState("");
  const [targetType, setTargetType] = useState("");
  const [targetId, setTargetId] = useState("");
  const [actor, setActor] = useState<ActorPick | null>(null);
  const actorId = actor?.id;
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<{ items: AuditRow[]; next: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];
  useEffect(() => {
    let live = true;
    listAuditRows({ action, target_type: targetType || undefined, target_id: targetType ? targetId || undefined : undefined, actor_id: actorId, cursor, limit: PAGE })
      .then((p) => {
        if (!live) return;
        setPage({ items: p.items, next: p.next_cursor });
        setError(null);
      })
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load the audit log"));
    return () => {
      live = false;
    };
  }, [action, targetType, targetId, actorId, cursor]);
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
            {TARGET_TYPES.map((t) => <option key={t}>{t}</option>)}
          </Select>
        </div>
        <div className="w-48">
          <ActorFilter value={actor} onChange={(pick) => refilter(() => setActor(pick))} label="Actor" anyLabel="Any actor" testId="audit-filter-actor" extra={[SYSTEM_PICK]} />
        </div>
        <div className="w-full sm:w-64">
          <TextInput placeholder="Target id" aria-label="Target id" value={targetId} disabled={!targetType} onChange={(e) => refilter(() => setTargetId(e.target.value.trim()))} data-testid="audit-filter-target-id" />
        </div>
      </div>
      {error && <p className="mb-3 text-sm text-red-700">{error}</p>}
      <TableScroll label="Audit entries" className="overflow-hidden rounded-lg bg-panel ring-1 ring-slate-200">
        <table className="w-full min-w-[40rem] table-fixed text-left text-xs" data-testid="audit-table">
          <thead className="border-b border-slate-200 bg-slate-50 text-[10px] font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="w-14 px-3 py-2 pl-4">#</th>
              <th className="w-40 px-3 py-2">When</th>
              <th className="w-36 px-3 py-2">Action</th>
              <th className="w-40 px-3 py-2">Actor</th>
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
                  <td className="px-3 py-1.5 text-slate-700" data-testid="audit-actor">
                    <button type="button" className="flex max-w-full hover:underline" title={`Show only what ${r.actor_name ?? r.actor_id} did`} onClick={() => refilter(() => setActor({ id: r.actor_id, name: r.actor_name ?? r.actor_id }))}>
                      <ActorLabel name={r.actor_name} type={r.actor_type} id={r.actor_id} />
                    </button>
                  </td>
                  <td className="max-w-64 truncate px-3 py-1.5 text-slate-700" data-testid="audit-target" title={`${r.target_type} ${r.target_id}`}>
                    <span className="text-slate-500">{r.target_type.replace("_", " ")} </span>
                    {href ? <Link href={href} className="text-brand-700 underline underline-offset-2 hover:decoration-2">{r.target_name ?? r.target_id}</Link> : (r.target_name ?? r.target_id)}
                  </td>
                  <td className="max-w-80 truncate px-3 py-1.5 text-slate-600" title={JSON.stringify(r.details)} data-testid="audit-details">{describeDetails(r.details)}</td>
                  <td className="px-3 py-1.5 font-mono text-[11px] text-slate-500" title={r.hash}>{r.hash.slice(0, 10)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {page && page.items.length === 0 && <p className="p-8 text-center text-sm text-slate-500">No entries match.</p>}
      </TableScroll>
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

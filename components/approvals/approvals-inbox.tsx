"use client";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { duration, relativeTime } from "@/components/ui/format";
import { useDocumentTitle } from "@/components/ui/use-document-title";
import { approvalsProgress } from "./approval-text";
import { GateForm } from "./gate-form";
import { useApprovals } from "./use-approvals";

/** Every run paused at a gate the signed-in person may approve, oldest first: prompt, approvals so far, age, and an inline reviewer form. */
export function ApprovalsInbox() {
  const { items, error, reload } = useApprovals(3000);
  const [open, setOpen] = useState<string | null>(null);
  // The count in the tab, as an inbox shows it.
  useDocumentTitle(items ? (items.length > 0 ? `(${items.length}) Approvals` : "Approvals") : null);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <h1 className="text-lg font-semibold text-slate-900">Approvals</h1>
      <p className="mb-4 text-sm text-slate-500">Runs paused at a human gate you may approve, oldest first. Approve here or open the run to see everything it did so far.</p>
      {error && <p className="mb-3 text-sm text-red-700">{error}</p>}
      {items === null ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : items.length === 0 ? (
        <p className="rounded-lg bg-panel p-8 text-center text-sm text-slate-500 ring-1 ring-slate-200" data-testid="approvals-empty">Nothing is waiting for you to review.</p>
      ) : (
        <ul className="space-y-2">
          {items.map((a) => (
            <li key={a.run_id} className="rounded-lg bg-panel ring-1 ring-slate-200" data-testid="approval-item" data-run-id={a.run_id}>
              <div className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3">
                <div className="min-w-56 flex-1">
                  <div className="flex items-center gap-2 text-xs text-slate-500">
                    <span className="min-w-0 truncate font-medium text-slate-700" title={a.workflow_name}>{a.workflow_name}</span>
                    <span className="shrink-0">v{a.workflow_version}</span>
                    <span>·</span>
                    <span className="font-mono">{a.pending_gate?.node_id}</span>
                  </div>
                  <p className="mt-1 max-h-48 overflow-y-auto text-sm break-words whitespace-pre-wrap text-slate-900" data-testid="approval-prompt">{a.pending_gate?.prompt || "Approve to continue."}</p>
                  {a.pending_gate && approvalsProgress(a.pending_gate) && (
                    <p className="mt-1 text-xs font-medium text-slate-700" data-testid="approval-progress">
                      {approvalsProgress(a.pending_gate)}
                    </p>
                  )}
                  <p className="mt-1 text-xs text-slate-500" title={a.waiting_since ?? undefined}>
                    Paused {a.waiting_since ? relativeTime(a.waiting_since) : `for ${duration(a.waited_ms)}`} · run started {relativeTime(a.run_created_at)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Link href={`/runs/${a.run_id}`} className="inline-flex h-7 items-center rounded-md px-2 text-xs font-medium text-brand-700 hover:bg-brand-50" data-testid="approval-open">
                    Open run
                  </Link>
                  <Button size="sm" variant={open === a.run_id ? "ghost" : "primary"} onClick={() => setOpen(open === a.run_id ? null : a.run_id)} data-testid="approval-review">
                    {open === a.run_id ? "Close" : "Review"}
                  </Button>
                </div>
              </div>
              {open === a.run_id && a.pending_gate && (
                <div className="border-t border-slate-100 bg-slate-50/60 px-4 py-3">
                  <GateForm runId={a.run_id} gate={a.pending_gate} compact onDone={() => { setOpen(null); reload(); }} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

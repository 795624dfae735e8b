"use client";
import { GateForm } from "@/components/approvals/gate-form";
import type { PendingGateView } from "@/lib/client/run-types";

/** The pending gate of a paused run: its prompt and the reviewer's form. */
export function GatePanel({ runId, gate, label, onDecided }: { runId: string; gate: PendingGateView; label: string; onDecided: (approved: boolean) => void }) {
  return (
    <section className="rounded-lg bg-amber-50/60 p-4 ring-1 ring-amber-200" data-testid="gate-panel">
      <div className="mb-1 line-clamp-2 text-[10px] font-semibold tracking-wide break-words text-amber-700 uppercase">Waiting for approval · {label}</div>
      {/* A long prompt scrolls by itself: the form and its buttons stay in view. */}
      <p className="mb-3 max-h-48 overflow-y-auto text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="gate-prompt">
        {gate.prompt || "Approve to continue the run."}
      </p>
      {gate.expires_at && <p className="mb-3 text-xs text-amber-800">Times out {new Date(gate.expires_at).toLocaleString()}</p>}
      <GateForm runId={runId} gate={gate} onDone={onDecided} />
    </section>
  );
}

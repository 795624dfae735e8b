"use client";
import { sentence } from "@/components/approvals/approval-text";
import { GateApprovals } from "@/components/approvals/gate-approvals";
import { GateForm } from "@/components/approvals/gate-form";
import type { PendingGateView } from "@/lib/client/run-types";
import { useGateAccess } from "./use-gate-access";

/**
 * The pending gate of a paused run: its prompt, who decides and the approvals so far, and
 * the reviewer's form for someone who may decide it — anyone else is told why not.
 */
export function GatePanel({ runId, gate, label, onDecided }: { runId: string; gate: PendingGateView; label: string; onDecided: (approved: boolean) => void }) {
  const access = useGateAccess(runId, gate);
  return (
    <section className="rounded-lg bg-amber-50/60 p-4 ring-1 ring-amber-200" data-testid="gate-panel">
      <div className="mb-1 line-clamp-2 text-[10px] font-semibold tracking-wide break-words text-amber-700 uppercase">Waiting for approval · {label}</div>
      {/* A long prompt scrolls by itself: the form and its buttons stay in view. */}
      <p className="mb-3 max-h-48 overflow-y-auto text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="gate-prompt">
        {gate.prompt || "Approve to continue the run."}
      </p>
      {gate.expires_at && <p className="mb-3 text-xs text-amber-800">Times out {new Date(gate.expires_at).toLocaleString()}</p>}
      <div className="mb-3">
        <GateApprovals gate={gate} />
      </div>
      {access === null ? (
        <p className="text-xs text-slate-500" data-testid="gate-access-loading">Checking whether you may decide this gate…</p>
      ) : (
        <>
          {!access.may_decide && access.decide_refusal && (
            <p className="mb-3 rounded-md bg-panel/70 px-3 py-2 text-xs text-slate-700 ring-1 ring-amber-200" data-testid="gate-refusal">
              {sentence(access.decide_refusal)}
            </p>
          )}
          {(access.may_decide || access.may_reject) && (
            <GateForm runId={runId} gate={gate} mayApprove={access.may_decide === true} mayReject={access.may_reject === true} onDone={onDecided} />
          )}
        </>
      )}
    </section>
  );
}

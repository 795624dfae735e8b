import { decidedBy } from "@/engine/run/gate-approvers";
import type { PendingGateView } from "@/lib/client/run-types";
import { approvalsProgress, sentence } from "./approval-text";

/** Who decides a gate and how far its approvals have come, in the words the API refuses with. */
export function GateApprovals({ gate }: { gate: PendingGateView }) {
  const progress = approvalsProgress(gate);
  const who = decidedBy({ ...gate.approvers, required_approvals: gate.required_approvals, allow_self_approval: gate.allow_self_approval });
  return (
    <div className="space-y-0.5 text-xs text-slate-600" data-testid="gate-approvers">
      {progress && (
        <p className="font-medium text-slate-800" data-testid="gate-approvals" data-count={gate.approvals.length} data-required={gate.required_approvals}>
          {progress}
        </p>
      )}
      <p className="break-words">{sentence(who)}</p>
    </div>
  );
}

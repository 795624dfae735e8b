"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Select, TextArea, TextInput } from "@/components/ui/field";
import { ApiError } from "@/lib/client/http";
import { approveRun, rejectRun } from "@/lib/client/run-api";
import type { PendingGateView } from "@/lib/client/run-types";
import { announceDecision } from "./decisions";
import { initialDraft, toReviewerInput, type Draft } from "./reviewer-input";

interface GateFormProps {
  runId: string;
  gate: PendingGateView;
  onDone: (approved: boolean) => void;
  /** What the signed-in person may do here (default: what the gate says for them). */
  mayApprove?: boolean;
  mayReject?: boolean;
  compact?: boolean;
}

/**
 * The reviewer form of a pending gate with Approve and Reject (with a comment), each shown
 * only to someone who may do it: the one who triggered the run may still reject it. A
 * decision is made only by its button: Enter in a field submits nothing, and Reject asks
 * first (it fails the run for good).
 */
export function GateForm({ runId, gate, onDone, mayApprove = gate.may_decide === true, mayReject = gate.may_reject === true, compact = false }: GateFormProps) {
  const fields = mayApprove ? (gate.fields ?? []) : [];
  const [draft, setDraft] = useState<Draft>(() => initialDraft(fields));
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const set = (name: string, value: string | boolean) => setDraft((d) => ({ ...d, [name]: value }));

  const submit = async (approve: boolean) => {
    setFailure(null);
    const parsed = toReviewerInput(fields, draft);
    if (approve && Object.keys(parsed.errors).length) return setErrors(parsed.errors);
    setErrors({});
    setBusy(true);
    try {
      const body = { node_id: gate.node_id, ...(comment.trim() ? { comment: comment.trim() } : {}) };
      if (approve) await approveRun(runId, { ...body, input: parsed.input });
      else await rejectRun(runId, body);
      announceDecision(runId);
      onDone(approve);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : "Could not send the decision");
    } finally {
      setBusy(false);
      setConfirmingReject(false);
    }
  };

  return (
    <form className="space-y-3" onSubmit={(e) => e.preventDefault()} data-testid="gate-form">
      <div className={`grid gap-3 ${compact ? "grid-cols-2" : ""}`}>
        {fields.map((f) => {
          const id = `gate-${runId}-${f.name}`;
          const label = `${f.label || f.name}${f.required ? " *" : ""}`;
          const value = draft[f.name];
          const common = { id, "data-testid": `gate-field-${f.name}`, invalid: !!errors[f.name] };
          return (
            <Field key={f.name} label={label} htmlFor={id} error={errors[f.name]}>
              {f.type === "boolean" ? (
                <input id={id} data-testid={`gate-field-${f.name}`} type="checkbox" className="size-4 accent-brand-600" checked={value === true} onChange={(e) => set(f.name, e.target.checked)} />
              ) : f.type === "select" ? (
                <Select id={id} data-testid={`gate-field-${f.name}`} value={String(value)} onChange={(e) => set(f.name, e.target.value)} aria-invalid={!!errors[f.name]}>
                  {f.required ? <option value="" disabled>Choose…</option> : <option value="">—</option>}
                  {(f.options ?? []).map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </Select>
              ) : f.type === "textarea" ? (
                <TextArea {...common} rows={3} value={String(value)} onChange={(e) => set(f.name, e.target.value)} />
              ) : (
                <TextInput {...common} type={f.type === "number" ? "number" : "text"} step="any" value={String(value)} onChange={(e) => set(f.name, e.target.value)} />
              )}
            </Field>
          );
        })}
      </div>
      <Field label="Comment" htmlFor={`gate-${runId}-comment`}>
        <TextInput id={`gate-${runId}-comment`} data-testid="gate-comment" placeholder="Optional note for the audit trail" value={comment} onChange={(e) => setComment(e.target.value)} />
      </Field>
      {failure && <p className="text-xs text-red-700" role="alert" data-testid="gate-error">{failure}</p>}
      <div className="flex gap-2">
        {mayApprove && (
          <Button variant="primary" size="sm" disabled={busy} onClick={() => void submit(true)} data-testid="gate-approve">
            Approve
          </Button>
        )}
        {mayReject && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirmingReject(true)} data-testid="gate-reject">
            Reject
          </Button>
        )}
      </div>
      {confirmingReject && (
        <ConfirmDialog title="Reject this run?" confirmLabel="Reject run" dismissLabel="Keep it waiting" onConfirm={() => submit(false)} onClose={() => setConfirmingReject(false)} testId="reject-dialog">
          <p>
            The run fails at <b>{gate.node_id}</b> and cannot be resumed{comment.trim() ? "; your comment goes into the audit trail with the rejection" : ""}.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextArea } from "@/components/ui/field";
import { ApiError } from "@/lib/client/http";
import { listRunSummaries } from "@/lib/client/run-api";
import type { ValidationIssue } from "@/lib/client/types";
import { triggerRun } from "@/lib/client/workflows";
import { parseRunInput } from "./run-input";

/**
 * Trigger input, then run; an invalid graph comes back as its list of errors. Unsaved work
 * is saved first. The input starts as the workflow's last run's, until the person types.
 */
export function RunDialog({
  open,
  onClose,
  workflowId,
  dirty,
  save,
  onStayInEditor,
}: {
  open: boolean;
  onClose: () => void;
  workflowId: string;
  dirty: boolean;
  save: () => Promise<boolean>;
  /** With "Stay in the editor" ticked: the run started, follow it on the canvas instead of opening its page. */
  onStayInEditor: (runId: string) => void;
}) {
  const router = useRouter();
  const [text, setText] = useState("{}");
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<ValidationIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const [fromRun, setFromRun] = useState<string | null>(null);
  const [stay, setStay] = useState(false);
  const typed = useRef(false);
  const parsed = parseRunInput(text);

  useEffect(() => {
    if (!open || typed.current) return;
    let live = true;
    listRunSummaries({ workflowId, limit: 1 })
      .then(({ items: [last] }) => {
        const input = last?.input;
        if (!live || typed.current || !input || typeof input !== "object" || Array.isArray(input) || Object.keys(input).length === 0) return;
        setText(JSON.stringify(input, null, 2));
        setFromRun(last.id);
      })
      .catch(() => undefined); // the empty input stays: nothing is lost
    return () => {
      live = false;
    };
  }, [open, workflowId]);

  const run = async () => {
    if (!parsed.ok) return;
    setBusy(true);
    setMessage(null);
    setErrors([]);
    try {
      if (dirty && !(await save())) {
        setMessage("Saving failed, so nothing was run.");
        return;
      }
      const started = await triggerRun(workflowId, parsed.input);
      if (stay) {
        onStayInEditor(started.id);
        onClose();
      } else router.push(`/runs/${started.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const list = (err.details as { errors?: ValidationIssue[] } | undefined)?.errors ?? [];
        setErrors(list);
        setMessage("The workflow has errors, so it cannot run yet:");
      } else setMessage(err instanceof Error ? err.message : "The run could not start.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Run workflow"
      testId="run-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onClick={run} disabled={!parsed.ok || busy} data-testid="run-start">
            {dirty ? "Save and run" : "Run"}
          </Button>
        </>
      }
    >
      <label htmlFor="run-input" className="block text-xs font-medium text-slate-600">
        Trigger input (JSON object): its keys become state
      </label>
      <TextArea
        id="run-input"
        data-testid="run-input"
        rows={8}
        className="mt-1"
        placeholder='{"ticket": "My printer is on fire"}'
        value={text}
        invalid={!parsed.ok}
        onChange={(e) => {
          typed.current = true;
          setFromRun(null);
          setText(e.target.value);
        }}
      />
      {fromRun && (
        <p className="mt-1 text-xs text-slate-500" data-testid="run-input-source">
          The input of the last run, <span className="font-mono">{fromRun}</span>.
        </p>
      )}
      {!parsed.ok && <p className="mt-1 text-xs text-red-600" data-testid="run-input-error">{parsed.message}</p>}
      <label className="mt-3 flex items-start gap-2 text-xs text-slate-700">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={stay} onChange={(e) => setStay(e.target.checked)} data-testid="run-stay" />
        <span>
          <span className="font-medium">Stay in the editor</span>
          <span className="block text-slate-500">Follow the run on the canvas (Last run) instead of opening its page.</span>
        </span>
      </label>
      {message && (
        <div className="mt-3 rounded-md bg-red-50 p-3 text-xs text-red-800 ring-1 ring-red-100" data-testid="run-refused">
          <p className="font-medium">{message}</p>
          {errors.length > 0 && (
            <ul className="mt-1 list-disc space-y-0.5 pl-4">
              {errors.map((e, i) => (
                <li key={i}>{e.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}

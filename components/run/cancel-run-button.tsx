"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cancelRun } from "@/lib/client/run-api";
import type { RunSummary } from "@/lib/client/run-types";

/** Cancel, after saying what it does: a cancelled run stops for good. */
export function CancelRunButton({ run, disabled }: { run: RunSummary; disabled: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="danger" size="sm" disabled={disabled} onClick={() => setAsking(true)} data-testid="run-cancel">
        Cancel
      </Button>
      {asking && (
        <ConfirmDialog
          title="Cancel this run?"
          confirmLabel="Cancel run"
          dismissLabel="Keep it running"
          testId="cancel-dialog"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            // A refusal (an ApiError, with the server's message) stays in the dialog.
            await cancelRun(run.id);
            setAsking(false);
          }}
        >
          <p>
            Run <span className="font-mono text-xs">{run.id}</span> of <b>{run.workflow_name ?? "this workflow"}</b> stops now: a step in flight is cut off, nothing after it
            runs, and the run ends as failed (cancelled) and cannot be resumed.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/** Confirms deleting a workflow by name. */
export function DeleteDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete workflow?"
      testId="delete-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            data-testid="delete-confirm"
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } catch (err) {
                setError(err instanceof Error ? err.message : "Delete failed");
                setBusy(false);
              }
            }}
          >
            Delete
          </Button>
        </>
      }
    >
      <p>
        <b>{name}</b> will be removed from the list. Its runs and version history stay in the audit trail.
      </p>
      {error && <p className="mt-2 text-xs text-red-600">{error}</p>}
    </Dialog>
  );
}

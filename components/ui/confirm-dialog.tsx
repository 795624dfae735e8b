"use client";
import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/** Asks before a destructive step; a refusal from the server stays in the dialog. */
export function ConfirmDialog({
  title,
  confirmLabel,
  children,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work");
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      testId={testId}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void confirm()} data-testid="confirm-dialog-confirm">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid="confirm-dialog-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}

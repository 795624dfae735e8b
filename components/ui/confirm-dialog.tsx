"use client";
import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * Asks before an action that cannot be undone: says what will happen, and acts only on the
 * explicit confirm button (named for the action), never on Enter in a field.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  dismissLabel = "Cancel",
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  dismissLabel?: string;
  /** Throws to keep the dialog open with the error shown. */
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
      setError(err instanceof Error ? err.message : `${confirmLabel} failed`);
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
          <Button variant="ghost" onClick={onClose} data-testid={testId && `${testId}-dismiss`}>
            {dismissLabel}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void confirm()} data-testid={testId && `${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <p className="mt-2 text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}

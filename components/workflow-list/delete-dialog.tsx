"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Confirms deleting a workflow by name. */
export function DeleteDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  return (
    <ConfirmDialog title="Delete workflow?" confirmLabel="Delete" onConfirm={onConfirm} onClose={onClose} testId="delete-dialog">
      <p>
        <b>{name}</b> will be removed from the list. Its runs and version history stay in the audit trail.
      </p>
    </ConfirmDialog>
  );
}

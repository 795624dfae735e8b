"use client";
import { useState } from "react";
import { useCan } from "@/components/auth/session-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ApiError } from "@/lib/client/http";
import { restoreVersion } from "@/lib/client/history-api";

/** Restores a version as a new one, after the person confirms; nothing for those who may not edit. */
export function RestoreButton({ workflowId, version, current, onRestored }: { workflowId: string; version: number; current: number; onRestored: () => void }) {
  const mayEdit = useCan("edit");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      await restoreVersion(workflowId, version, current);
      setOpen(false);
      onRestored();
    } catch (err) {
      setError(err instanceof ApiError && err.code === "version_conflict" ? "Someone saved a newer version meanwhile; reload and try again." : err instanceof Error ? err.message : "Restore failed");
    } finally {
      setBusy(false);
    }
  };
  if (!mayEdit) return null;
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setOpen(true)} data-testid="version-restore">
        Restore v{version}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Restore version ${version}?`} testId="restore-dialog"
        footer={
          <>
            <Button size="sm" onClick={() => setOpen(false)}>Cancel</Button>
            <Button size="sm" variant="primary" disabled={busy} onClick={() => void restore()} data-testid="restore-confirm">Restore as v{current + 1}</Button>
          </>
        }>
        <p>The live graph becomes the graph of v{version}, saved as a new version v{current + 1}. Nothing is lost: v{current} stays in the history.</p>
        {error && <p className="mt-2 text-red-700" role="alert">{error}</p>}
      </Dialog>
    </>
  );
}

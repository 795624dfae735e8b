"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import type { WorkflowSavedEvent } from "@/lib/services/workflow-params";
import { isDirty } from "../store/create-editor-store";
import { useEditorStore } from "../store/editor-context";
import { TheirChanges, TheirSaves } from "./their-changes";

/**
 * Says, the moment it happens, that someone else (or another tab) saved this workflow: who,
 * which version, their note; lets the person see what changed against their base and load
 * the newest version (asking first when that would drop unsaved work). Saving anyway meets
 * the conflict dialog, which shows the same changes.
 */
export function TheirSaveNotice({ saves, onLoad }: { saves: WorkflowSavedEvent[]; onLoad: () => Promise<void> }) {
  const base = useEditorStore((s) => s.version);
  const workflowId = useEditorStore((s) => s.workflowId);
  const dirty = useEditorStore(isDirty);
  const [open, setOpen] = useState<"changes" | "discard" | null>(null);
  const latest = saves.at(-1);
  if (!latest) return null;
  const who = latest.saved_by.name ?? latest.saved_by.id;
  const load = () => (dirty ? setOpen("discard") : void onLoad());
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-sky-200 bg-sky-50 px-4 py-2 text-xs text-sky-950" role="status" data-testid="their-save-notice">
      <p className="min-w-0 flex-1">
        <b>{who}</b> saved <b data-testid="their-version">v{latest.version}</b>
        {saves.length > 1 && ` (${saves.length} saves since yours)`}
        {latest.note && <>: “{latest.note}”</>}. You are editing v{base}
        {dirty ? " with unsaved changes." : "."}
      </p>
      <Button size="sm" variant="ghost" onClick={() => setOpen("changes")} data-testid="view-their-changes">
        View their changes
      </Button>
      <Button size="sm" onClick={load} data-testid="load-their-version">
        Load v{latest.version}
      </Button>
      <Dialog
        open={open === "changes"}
        onClose={() => setOpen(null)}
        title="Saved since you opened this workflow"
        testId="their-changes-dialog"
        wide
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              Close
            </Button>
            <Button onClick={() => (dirty ? setOpen("discard") : (setOpen(null), void onLoad()))}>Load v{latest.version}</Button>
          </>
        }
      >
        <TheirSaves saves={saves} />
        <div className="mt-4">
          <TheirChanges workflowId={workflowId} from={base} to={latest.version} />
        </div>
      </Dialog>
      {open === "discard" && (
        <ConfirmDialog
          title={`Load v${latest.version} and drop your changes?`}
          confirmLabel={`Load v${latest.version}`}
          testId="load-their-version-confirm"
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await onLoad();
            setOpen(null);
          }}
        >
          <p>Your unsaved changes to v{base} are discarded and the canvas shows v{latest.version}. To keep them instead, close this and save: you will be asked whether to overwrite theirs.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

"use client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { WorkflowSavedEvent } from "@/lib/services/workflow-params";
import { TheirChanges, TheirSaves } from "./their-changes";
import type { SaveConflict } from "./use-save";

/** Someone saved first: what they changed, then reload theirs (dropping local edits) or overwrite it with ours. */
export function ConflictDialog({
  conflict,
  workflowId,
  saves,
  baseVersion,
  onReload,
  onOverwrite,
  onClose,
}: {
  conflict: SaveConflict | null;
  workflowId: string;
  /** Their saves as heard live (who, when, note); may be empty when the stream missed them. */
  saves: WorkflowSavedEvent[];
  baseVersion: number;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={conflict !== null}
      onClose={onClose}
      title="This workflow changed since you opened it"
      testId="conflict-dialog"
      wide
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onReload} data-testid="conflict-reload">
            Reload theirs
          </Button>
          <Button variant="danger" onClick={onOverwrite} data-testid="conflict-overwrite">
            Overwrite with mine
          </Button>
        </>
      }
    >
      <p>
        You were editing <b>v{baseVersion}</b>, but <b data-testid="conflict-current-version">v{conflict?.currentVersion}</b> has been saved since.
        Your save was not applied.
      </p>
      {saves.length > 0 && (
        <div className="mt-3">
          <TheirSaves saves={saves} />
        </div>
      )}
      {conflict && (
        <div className="mt-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
          <TheirChanges workflowId={workflowId} from={baseVersion} to={conflict.currentVersion} />
        </div>
      )}
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-600">
        <li><b>Reload theirs</b> discards your unsaved changes and shows the latest version.</li>
        <li><b>Overwrite with mine</b> saves your canvas as a new version on top of theirs; theirs stays in the history.</li>
      </ul>
    </Dialog>
  );
}

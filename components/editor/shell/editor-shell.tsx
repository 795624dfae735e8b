"use client";
import { useCallback, useState } from "react";
import { useZoomToSelection } from "../canvas/use-zoom-to-selection";
import { WorkflowCanvas } from "../canvas/workflow-canvas";
import { flowToGraph } from "../graph-mapping";
import { Inspector } from "../inspector/inspector";
import { useLastRunApi } from "../last-run/last-run-context";
import { LastRunFollower } from "../last-run/last-run-follower";
import { downloadText } from "../io/download";
import { parseWorkflowFile, toWorkflowFile, workflowFileName } from "../io/workflow-file";
import { useDocumentTitle } from "@/components/ui/use-document-title";
import { isDirty } from "../store/create-editor-store";
import { useEditorStore, useEditorStoreApi } from "../store/editor-context";
import { ConflictDialog } from "./conflict-dialog";
import { EditorToolbar } from "./editor-toolbar";
import { useEditorLayout } from "./editor-layout";
import { Palette } from "./palette";
import { RunDialog } from "./run-dialog";
import { ShortcutSheet } from "./shortcut-sheet";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { useLiveValidation } from "./use-live-validation";
import { useSave } from "./use-save";
import { SaveNoteDialog } from "./save-note-dialog";
import { TheirSaveNotice } from "./their-save-notice";
import { useTheirSaves } from "./use-their-saves";
import { useReadOnly } from "./use-read-only";
import { WebhookDialog } from "./webhook/webhook-dialog";
import { useCan } from "@/components/auth/session-context";
import { useUnsavedGuard } from "./use-unsaved-guard";

/** The editor's layout: toolbar over palette, canvas and inspector, plus its dialogs. */
export function EditorShell() {
  const store = useEditorStoreApi();
  const { status, conflict, save, overwrite, reloadFromServer, dismissConflict } = useSave();
  const [running, setRunning] = useState(false);
  const [webhook, setWebhook] = useState(false);
  const [noting, setNoting] = useState(false);
  const theirSaves = useTheirSaves();
  const canEdit = useCan("edit");
  const [notice, setNotice] = useState<string | null>(null);
  const workflowId = useEditorStore((s) => s.workflowId);
  const version = useEditorStore((s) => s.version);
  const dirty = useEditorStore(isDirty);
  const name = useEditorStore((s) => s.name);
  // A dot while there are unsaved changes, as editors mark their tabs.
  useDocumentTitle(`${dirty ? "● " : ""}${name.trim() || "Untitled workflow"}`);
  const saveNow = useCallback(() => void save(), [save]);
  const readOnly = useReadOnly();

  useLiveValidation();
  useUnsavedGuard();
  const [shortcuts, setShortcuts] = useState(false);
  const showShortcuts = useCallback(() => setShortcuts(true), []);
  const zoomToSelection = useZoomToSelection();
  const togglePalette = useEditorLayout((s) => s.togglePalette);
  const toggleInspector = useEditorLayout((s) => s.toggleInspector);
  useEditorShortcuts({ save: saveNow, zoomToSelection, togglePalette, toggleInspector, showShortcuts }, readOnly);
  const lastRun = useLastRunApi();
  const setLastRun = useEditorLayout((s) => s.setLastRun);
  const followInEditor = useCallback(
    (runId: string) => {
      lastRun.getState().setFind({ kind: "run", id: runId });
      setLastRun(true);
    },
    [lastRun, setLastRun],
  );

  const onImportFile = useCallback(
    async (file: File) => {
      const parsed = parseWorkflowFile(await file.text());
      if (!parsed.ok) return setNotice(parsed.message);
      store.getState().importGraph(parsed.file.graph);
      setNotice(null);
    },
    [store],
  );
  const onExport = useCallback(() => {
    const s = store.getState();
    downloadText(workflowFileName(s.name), toWorkflowFile({ name: s.name, graph: flowToGraph(s.nodes, s.edges, s.settings) }));
  }, [store]);

  return (
    <div className="flex h-full flex-col" data-testid="editor">
      <EditorToolbar status={status} readOnly={readOnly} onSave={saveNow} onSaveWithNote={() => setNoting(true)} onRun={() => setRunning(true)} onImportFile={onImportFile} onExport={onExport} onWebhook={canEdit ? () => setWebhook(true) : undefined} />
      {readOnly && (
        <p className="border-b border-slate-200 bg-slate-100 px-4 py-2 text-xs text-slate-700" role="note" data-testid="read-only-note">
          You can view this workflow; editing needs the editor role.
        </p>
      )}
      {status.kind !== "saving" && <TheirSaveNotice saves={theirSaves} onLoad={reloadFromServer} />}
      {notice && (
        <div className="flex items-center justify-between border-b border-red-100 bg-red-50 px-4 py-2 text-xs text-red-800" data-testid="editor-notice">
          {notice}
          <button type="button" className="font-medium hover:underline" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      {/*
        From `lg`: palette, canvas, inspector side by side. Narrower, the inspector goes below
        the canvas; narrower than `md` (a phone) the palette goes too — dragging needs a pointer.
      */}
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <div className="flex min-h-0 flex-1">
          {!readOnly && <Palette />}
          <div className="min-w-0 flex-1">
            <WorkflowCanvas readOnly={readOnly} onShowShortcuts={showShortcuts} />
          </div>
        </div>
        <Inspector readOnly={readOnly} />
      </div>
      <SaveNoteDialog open={noting} onClose={() => setNoting(false)} onSave={save} />
      <ConflictDialog conflict={conflict} workflowId={workflowId} saves={theirSaves} baseVersion={version} onReload={reloadFromServer} onOverwrite={() => void overwrite()} onClose={dismissConflict} />
      {canEdit && <WebhookDialog open={webhook} onClose={() => setWebhook(false)} workflowId={workflowId} />}
      <RunDialog open={running} onClose={() => setRunning(false)} workflowId={workflowId} dirty={dirty} save={save} onStayInEditor={followInEditor} />
      <ShortcutSheet open={shortcuts} onClose={() => setShortcuts(false)} readOnly={readOnly} />
      <LastRunFollower workflowId={workflowId} />
    </div>
  );
}

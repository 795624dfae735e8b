"use client";
import { useReactFlow } from "@xyflow/react";
import Link from "next/link";
import { useRef } from "react";
import { useCan } from "@/components/auth/session-context";
import { Button } from "@/components/ui/button";
import { Icon, ICONS } from "@/components/ui/icon";
import { isDirty } from "../store/create-editor-store";
import { useEditorHistory, useEditorStore } from "../store/editor-context";
import { onlyEmptyCanvas, useProblemsList } from "./problems-list";
import type { SaveStatus } from "./use-save";
import { HiddenFileInput } from "@/components/ui/hidden-file-input";

/**
 * The editor's top bar: name, version and save state, history, layout, file and run actions.
 * Read-only, it keeps the name, the version and Export; Run shows for whoever may run.
 */
export function EditorToolbar({
  status,
  readOnly,
  onSave,
  onSaveWithNote,
  onRun,
  onImportFile,
  onExport,
  onWebhook,
}: {
  status: SaveStatus;
  readOnly: boolean;
  onSave: () => void;
  /** Opens "Save with a note". */
  onSaveWithNote: () => void;
  onRun: () => void;
  onImportFile: (file: File) => void;
  onExport: () => void;
  /** Opens the webhook dialog; absent for whoever may not change the hook. */
  onWebhook?: () => void;
}) {
  const name = useEditorStore((s) => s.name);
  const version = useEditorStore((s) => s.version);
  const dirty = useEditorStore(isDirty);
  const renameWorkflow = useEditorStore((s) => s.renameWorkflow);
  const mayRun = useCan("run");
  const errors = useEditorStore((s) => s.issues.errors);
  const openProblems = useProblemsList((s) => s.setOpen);
  const empty = onlyEmptyCanvas(errors);

  return (
    <div className="flex h-14 shrink-0 items-center gap-3 overflow-x-auto border-b border-slate-200 bg-panel px-4" data-testid="editor-toolbar">
      <Link
        href="/"
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        aria-label="All workflows"
        onClick={(e) => dirty && !window.confirm("Leave without saving your changes?") && e.preventDefault()}
      >
        <Icon d={ICONS.back} />
      </Link>
      <input
        aria-label="Workflow name"
        data-testid="workflow-name"
        value={name}
        onChange={(e) => renameWorkflow(e.target.value)}
        readOnly={readOnly}
        className="field-sizing-content max-w-96 min-w-24 shrink rounded-md border-0 bg-transparent px-2 py-1 text-base font-semibold text-slate-900 hover:bg-slate-50 focus:bg-panel focus:ring-2 focus:ring-brand-500 focus:outline-none"
      />
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600" data-testid="workflow-version">
        v{version}
      </span>
      {!readOnly && <SaveIndicator dirty={dirty} status={status} />}
      <div className="ml-auto flex items-center gap-1">
        {/* A phone keeps the name, Save and Run in view; the canvas tools need a wider window. */}
        {readOnly ? (
          <Button variant="ghost" size="sm" onClick={onExport} data-testid="export" title="Download as JSON">
            <Icon d={ICONS.download} /> <span className="hidden md:inline">Export</span>
          </Button>
        ) : (
          <CanvasTools onImportFile={onImportFile} onExport={onExport} onWebhook={onWebhook} />
        )}
        {!readOnly && (
          <Button onClick={onSave} disabled={status.kind === "saving"} data-testid="save" title="Save (Ctrl+S)">
            <Icon d={ICONS.save} /> Save
          </Button>
        )}
        {!readOnly && (
          // Not on a phone: Save and Run keep the toolbar's width there.
          <span className="hidden md:inline-flex">
            <Button variant="ghost" size="sm" onClick={onSaveWithNote} disabled={status.kind === "saving"} data-testid="save-note-open" title="Save with a note on what changed">
              Note…
            </Button>
          </span>
        )}
        {mayRun && errors.length > 0 && !empty && (
          <Button variant="ghost" onClick={() => openProblems(true)} className="text-red-700" data-testid="run-blocked">
            Fix {errors.length === 1 ? "1 error" : `${errors.length} errors`} to run
          </Button>
        )}
        {mayRun && (
          <Button variant="primary" onClick={onRun} disabled={errors.length > 0} title={empty ? "Add a node to run" : errors.length > 0 ? "Fix the errors first" : "Run"} data-testid="run">
            <Icon d={ICONS.play} className="size-3.5" /> Run
          </Button>
        )}
      </div>
    </div>
  );
}

/** Undo, redo, layout, import, export and the webhook: the tools of someone who may change the graph (hidden on a phone). */
function CanvasTools({ onImportFile, onExport, onWebhook }: { onImportFile: (file: File) => void; onExport: () => void; onWebhook?: () => void }) {
  const autoLayout = useEditorStore((s) => s.autoLayout);
  const canUndo = useEditorHistory((h) => h.pastStates.length > 0);
  const canRedo = useEditorHistory((h) => h.futureStates.length > 0);
  const undo = useEditorHistory((h) => h.undo);
  const redo = useEditorHistory((h) => h.redo);
  const file = useRef<HTMLInputElement>(null);
  const { fitView } = useReactFlow();
  const layout = () => {
    autoLayout();
    requestAnimationFrame(() => void fitView({ padding: 0.2, maxZoom: 1, duration: 200 }));
  };
  return (
    <div className="hidden items-center gap-1 sm:flex">
      <Button variant="ghost" size="sm" onClick={() => undo()} disabled={!canUndo} data-testid="undo" title="Undo (Ctrl+Z)">
        <Icon d={ICONS.undo} />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => redo()} disabled={!canRedo} data-testid="redo" title="Redo (Ctrl+Shift+Z)">
        <Icon d={ICONS.redo} />
      </Button>
      <span className="mx-1 h-5 w-px bg-slate-200" />
      <Button variant="ghost" size="sm" onClick={layout} data-testid="auto-layout" title="Arrange nodes left to right">
        <Icon d={ICONS.layout} /> <span className="hidden md:inline">Layout</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => file.current?.click()} data-testid="import" title="Replace the canvas with a workflow file">
        <Icon d={ICONS.upload} /> <span className="hidden md:inline">Import</span>
      </Button>
      <HiddenFileInput inputRef={file} testId="import-file" onFile={onImportFile} />
      <Button variant="ghost" size="sm" onClick={onExport} data-testid="export" title="Download as JSON">
        <Icon d={ICONS.download} /> <span className="hidden md:inline">Export</span>
      </Button>
      {onWebhook && (
        <Button variant="ghost" size="sm" onClick={onWebhook} data-testid="webhook" title="Start runs from another system">
          <Icon d={ICONS.bolt} /> <span className="hidden md:inline">Webhook</span>
        </Button>
      )}
      <span className="mx-1 h-5 w-px bg-slate-200" />
    </div>
  );
}

function SaveIndicator({ dirty, status }: { dirty: boolean; status: SaveStatus }) {
  let text: string;
  let tone = "text-slate-500";
  if (status.kind === "saving") text = "Saving…";
  else if (status.kind === "error") [text, tone] = [status.message, "text-red-600"];
  else if (dirty) [text, tone] = ["Unsaved changes", "text-amber-700"];
  else if (status.kind === "saved") [text, tone] = [`Saved as v${status.version}`, "text-emerald-700"];
  else text = "All changes saved";
  return (
    <span className={`flex items-center gap-1.5 truncate text-xs ${tone}`} data-testid="save-state" data-dirty={dirty}>
      {dirty && <span className="size-1.5 rounded-full bg-amber-500" />}
      {text}
    </span>
  );
}

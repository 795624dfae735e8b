"use client";
import { availableShortcuts, comboKeys } from "../shell/shortcuts";
import { useEditorLayout } from "../shell/editor-layout";
import { PanelToggle } from "../shell/panel-toggle";
import type { EditorState } from "../store/editor-state";
import { useEditorStore } from "../store/editor-context";
import { EdgeInspector } from "./edge-inspector";
import { NodeInspector } from "./node-inspector";

/** The one selected item as `node:<id>` / `edge:<id>`, `many`, or null; a string so the panel re-renders only when it changes. */
function selectionKey(s: EditorState): string | null {
  let found: string | null = null;
  for (const n of s.nodes) if (n.selected) {
    if (found) return "many";
    found = `node:${n.id}`;
  }
  for (const e of s.edges) if (e.selected) {
    if (found) return "many";
    found = `edge:${e.id}`;
  }
  return found;
}

/**
 * The right-hand panel (below the canvas on narrower screens): settings of the selected
 * node or edge, or a hint. From `md` it folds to a rail; on a phone it always shows.
 */
export function Inspector({ readOnly = false }: { readOnly?: boolean }) {
  const key = useEditorStore(selectionKey);
  const open = useEditorLayout((s) => s.inspectorOpen);
  const toggle = useEditorLayout((s) => s.toggleInspector);
  const size = open ? "max-h-[45%] p-4 lg:max-h-none lg:w-80" : "max-h-[45%] p-4 md:p-1.5 lg:max-h-none lg:w-10";
  return (
    <aside className={`relative shrink-0 overflow-y-auto border-t border-slate-200 bg-panel lg:border-t-0 lg:border-l ${size}`} data-testid="inspector" data-read-only={readOnly} data-open={open}>
      <div className={open ? "float-right -mt-2 -mr-2 ml-2" : "flex justify-end lg:justify-center"}>
        <PanelToggle open={open} side="right" what="inspector" shortcut="]" controls="inspector-content" onToggle={toggle} testId="inspector-toggle" />
      </div>
      {/* Read-only, a disabled fieldset turns every input, select and button of the forms off at once. */}
      <fieldset id="inspector-content" disabled={readOnly} className={open ? "contents" : "contents md:hidden"}>
        {key?.startsWith("node:") ? (
          <NodeInspector key={key} nodeId={key.slice(5)} />
        ) : key?.startsWith("edge:") ? (
          <EdgeInspector key={key} edgeId={key.slice(5)} />
        ) : (
          <NothingSelected many={key === "many"} readOnly={readOnly} />
        )}
      </fieldset>
    </aside>
  );
}

function NothingSelected({ many, readOnly }: { many: boolean; readOnly: boolean }) {
  const count = useEditorStore((s) => s.nodes.length);
  return (
    <div className="space-y-3 text-sm text-slate-600" data-testid="inspector-empty">
      <h2 className="text-sm font-semibold text-slate-900">{many ? "Several items selected" : "Nothing selected"}</h2>
      <p>{readOnly ? "Select a node or an edge to see its settings." : many ? "Select a single node or edge to edit it. Delete removes the whole selection." : "Select a node or an edge to edit its settings."}</p>
      <p className="text-xs text-slate-500">{count === 1 ? "1 node" : `${count} nodes`} on the canvas.</p>
      {!readOnly && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3 text-xs ring-1 ring-slate-200">
          {availableShortcuts(readOnly)
            .filter((s) => s.group === "Editing")
            .map((s) => (
              <div key={s.id} className="contents">
                <dt className="font-mono text-slate-500">{s.combos.map((c) => comboKeys(c).join("+")).join(" / ")}</dt>
                <dd>{s.label.toLowerCase()}</dd>
              </div>
            ))}
        </dl>
      )}
      <p className="text-xs text-slate-500">
        Press <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[11px]">?</kbd> for every keyboard shortcut.
      </p>
    </div>
  );
}


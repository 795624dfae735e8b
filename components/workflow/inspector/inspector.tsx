"use client";
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

/** The right-hand panel: settings of the selected node or edge, or a hint. */
export function Inspector({ readOnly = false }: { readOnly?: boolean }) {
  const key = useEditorStore(selectionKey);
  return (
    <aside className="max-h-[45%] shrink-0 overflow-y-auto border-t border-slate-200 bg-panel p-4 lg:max-h-none lg:w-80 lg:border-t-0 lg:border-l" data-testid="inspector" data-read-only={readOnly}>
      {/* Read-only, a disabled fieldset turns every input, select and button of the forms off at once. */}
      <fieldset disabled={readOnly} className="contents">
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
          {SHORTCUTS.map(([k, what]) => (
            <div key={k} className="contents">
              <dt className="font-mono text-slate-500">{k}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

const SHORTCUTS = [
  ["Ctrl+S", "save"],
  ["Ctrl+Z", "undo"],
  ["Ctrl+Shift+Z", "redo"],
  ["Ctrl+C / V", "copy / paste"],
  ["Ctrl+A", "select all"],
  ["Delete", "delete selection"],
];

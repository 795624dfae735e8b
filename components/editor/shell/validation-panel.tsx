"use client";
import { Panel, useReactFlow } from "@xyflow/react";
import { Icon, ICONS } from "@/components/ui/icon";
import type { ValidationIssue } from "@/lib/client/types";
import { viewDuration } from "../canvas/motion";
import { useEditorStore } from "../store/editor-context";
import { onlyEmptyCanvas, useProblemsList } from "./problems-list";

/**
 * Every validation finding in one list over the canvas; choosing one selects, shows and
 * focuses the node (or selects the edge) it concerns. An empty canvas gets a hint, not an error.
 */
export function ValidationPanel() {
  const issues = useEditorStore((s) => s.issues);
  const selectNode = useEditorStore((s) => s.selectNode);
  const selectEdge = useEditorStore((s) => s.selectEdge);
  const { fitView } = useReactFlow();
  const { open, toggle } = useProblemsList();
  const empty = onlyEmptyCanvas(issues.errors);
  const total = empty ? 0 : issues.errors.length + issues.warnings.length;

  const pick = (issue: ValidationIssue) => {
    if (issue.node_id) {
      const id = issue.node_id;
      selectNode(id);
      void fitView({ nodes: [{ id }], duration: viewDuration(250), maxZoom: 1.1 });
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true }));
    } else if (issue.edge_id) selectEdge(issue.edge_id);
  };

  return (
    <Panel position="top-right" className={`!m-3 ${open && total > 0 ? "w-80" : ""}`}>
      <div className="overflow-hidden rounded-lg bg-panel/95 shadow-sm ring-1 ring-slate-200" data-testid="validation-panel">
        <button
          type="button"
          onClick={toggle}
          aria-expanded={total > 0 ? open : undefined}
          className="flex w-full items-center gap-2 px-3 py-2 text-left text-xs font-medium text-slate-700 hover:bg-slate-50"
          data-testid="validation-summary"
        >
          {empty ? (
            <span className="text-slate-500">Empty canvas: add a node from the palette</span>
          ) : total === 0 ? (
            <span className="flex items-center gap-1.5 text-emerald-700">
              <Icon d={ICONS.check} className="size-3.5" /> No problems found
            </span>
          ) : (
            <>
              <span className={issues.errors.length ? "text-red-700" : "text-slate-500"}>{plural(issues.errors.length, "error")}</span>
              <span className="text-slate-300">·</span>
              <span className={issues.warnings.length ? "text-amber-700" : "text-slate-500"}>{plural(issues.warnings.length, "warning")}</span>
              <span className="ml-auto pl-2 text-slate-500">{open ? "Hide" : "Show"}</span>
            </>
          )}
        </button>
        {open && total > 0 && (
          <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto border-t border-slate-100" data-testid="validation-list">
            {[...issues.errors.map((i) => ({ i, error: true })), ...issues.warnings.map((i) => ({ i, error: false }))].map(({ i, error }, n) => (
              <li key={n}>
                <button
                  type="button"
                  onClick={() => pick(i)}
                  data-testid="validation-item"
                  data-code={i.code}
                  className="flex w-full gap-2 px-3 py-2 text-left text-xs hover:bg-slate-50"
                >
                  <span className={`mt-1 size-1.5 shrink-0 rounded-full ${error ? "bg-red-500" : "bg-amber-400"}`} />
                  <span className="text-slate-700">{i.message}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

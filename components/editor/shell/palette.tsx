"use client";
import { useReactFlow } from "@xyflow/react";
import type { DragEvent } from "react";
import { Icon } from "@/components/ui/icon";
import type { NodeType } from "@/engine/graph/schema";
import { NODE_DRAG_MIME } from "../canvas/use-palette-drop";
import { kindOf, PALETTE_ORDER } from "../nodes/registry";
import { useEditorStore, useEditorStoreApi } from "../store/editor-context";
import { boxesOf, freeSpot, NODE_SIZE } from "../store/free-spot";
import { useEditorLayout } from "./editor-layout";
import { PanelToggle } from "./panel-toggle";

/**
 * The node kinds: drag one onto the canvas, or double-click (or Enter) to add it beside the
 * selected node, else in the middle of the view — at the nearest spot no other node covers.
 */
export function Palette() {
  const addNodeOfType = useEditorStore((s) => s.addNodeOfType);
  const store = useEditorStoreApi();
  const { screenToFlowPosition } = useReactFlow();
  const open = useEditorLayout((s) => s.paletteOpen);
  const toggle = useEditorLayout((s) => s.togglePalette);

  const onDragStart = (event: DragEvent, type: NodeType) => {
    event.dataTransfer.setData(NODE_DRAG_MIME, type);
    event.dataTransfer.effectAllowed = "copy";
  };
  const addInView = (type: NodeType) => {
    const canvas = document.querySelector('[data-testid="canvas"]')?.getBoundingClientRect();
    const centre = canvas ? { x: canvas.left + canvas.width / 2, y: canvas.top + canvas.height / 2 } : { x: 400, y: 300 };
    const at = screenToFlowPosition(centre);
    const nodes = store.getState().nodes;
    const selected = nodes.find((n) => n.selected);
    const wanted = selected
      ? { x: selected.position.x + (selected.measured?.width ?? NODE_SIZE.width) + 80, y: selected.position.y }
      : { x: Math.round(at.x - NODE_SIZE.width / 2), y: Math.round(at.y - NODE_SIZE.height / 2) };
    addNodeOfType(type, freeSpot(wanted, boxesOf(nodes)));
  };

  return (
    <aside className={`hidden shrink-0 flex-col border-r border-slate-200 bg-panel md:flex ${open ? "w-56" : "w-10"}`} data-testid="palette" data-open={open}>
      <div className={`flex items-center pt-2.5 ${open ? "justify-between pr-2 pl-4" : "justify-center"}`}>
        <h2 className={`text-[11px] font-semibold tracking-wide text-slate-500 uppercase ${open ? "" : "sr-only"}`}>Nodes</h2>
        <PanelToggle open={open} side="left" what="node palette" shortcut="[" controls="palette-items" onToggle={toggle} testId="palette-toggle" />
      </div>
      {open && <PaletteItems addInView={addInView} onDragStart={onDragStart} />}
    </aside>
  );
}

function PaletteItems({ addInView, onDragStart }: { addInView: (type: NodeType) => void; onDragStart: (event: DragEvent, type: NodeType) => void }) {
  return (
    <div id="palette-items" className="flex min-h-0 flex-1 flex-col">
      <ul className="space-y-1 px-2 pt-1.5">
        {PALETTE_ORDER.map((type) => {
          const kind = kindOf(type);
          return (
            <li key={type}>
              <div
                role="button"
                tabIndex={0}
                draggable
                data-testid={`palette-${type}`}
                onDragStart={(e) => onDragStart(e, type)}
                onDoubleClick={() => addInView(type)}
                onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && addInView(type)}
                title="Drag onto the canvas, or double-click to add"
                className="flex cursor-grab items-center gap-2.5 rounded-md px-2 py-2 select-none hover:bg-slate-50 active:cursor-grabbing"
              >
                <span className={`flex size-8 shrink-0 items-center justify-center rounded-md ${kind.chip}`}>
                  <Icon d={kind.icon} className="size-4" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-800">{kind.title}</span>
                  <span className="block truncate text-[11px] text-slate-500">{kind.blurb}</span>
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-auto px-4 py-4 text-[11px] leading-relaxed text-slate-500">
        Drag a node onto the canvas, or press Enter on one. Connect the right handle of one node to the left handle of another, or use Connect to… in the inspector.
      </p>
    </div>
  );
}

"use client";
import { ControlButton, Controls } from "@xyflow/react";
import { Icon } from "@/components/ui/icon";
import { useZoomToSelection } from "./use-zoom-to-selection";

const FOCUS = "M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 9h6v6H9z";
const KEYBOARD = "M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10";

/** React Flow's zoom controls, plus zoom to the selection (F) and the keyboard shortcuts (?). */
export function CanvasControls({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const zoomToSelection = useZoomToSelection();
  return (
    <Controls position="bottom-left" showInteractive={false}>
      <ControlButton onClick={zoomToSelection} title="Zoom to the selection (F)" aria-label="Zoom to the selection" data-testid="zoom-to-selection">
        <Icon d={FOCUS} className="size-3 !fill-none" />
      </ControlButton>
      <ControlButton onClick={onShowShortcuts} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" data-testid="show-shortcuts">
        <Icon d={KEYBOARD} className="size-3 !fill-none" />
      </ControlButton>
    </Controls>
  );
}

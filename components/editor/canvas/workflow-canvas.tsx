"use client";
import { Background, BackgroundVariant, MiniMap, ReactFlow, type IsValidConnection, type NodeMouseHandler } from "@xyflow/react";
import { useCallback, useMemo, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { WorkflowEdge, WorkflowNode } from "../flow-types";
import { nodeTypes } from "../nodes/node-types";
import { CompactZoomContext, CompactZoomWatcher } from "../nodes/shared/compact-zoom";
import { useEditorStore } from "../store/editor-context";
import { ValidationPanel } from "../shell/validation-panel";
import { LastRunPanel } from "../last-run/last-run-panel";
import { CanvasControls } from "./canvas-controls";
import { RevealSelection } from "./reveal-selection";
import { useDragBuffer } from "./use-drag-buffer";
import { usePaletteDrop } from "./use-palette-drop";
import { edgeTypes } from "./workflow-edge";
import { GraphFitWatcher, graphSize } from "./graph-fit";
import "./workflow-canvas.css";

const isValidConnection: IsValidConnection<WorkflowEdge> = (c) => c.source !== c.target;
const defaultEdgeOptions = { type: "workflow" as const };
const minimapColor = (n: WorkflowNode) => (n.selected ? "var(--color-brand-500)" : "var(--color-slate-300)");
// Module-level so React Flow's prop tracking never sees a new object and re-sets its store.
const fitViewOptions = { maxZoom: 1, padding: 0.2 };
const proOptions = { hideAttribution: true };
/**
 * React Flow marks only draggable nodes `nopan`: a press on a node that cannot be dragged
 * starts a pan, which captures the pointer, so the click lands on the pane and selects
 * nothing. Read-only, every node carries the class itself (a view prop, never saved).
 */
const notPanning = (n: WorkflowNode): WorkflowNode => ({ ...n, className: n.className ? `${n.className} nopan` : "nopan" });
/** From this many nodes on, only those in (or near) the viewport are mounted, unless the whole graph is about on screen. */
const VISIBLE_ONLY_FROM = 200;
/**
 * Above this many nodes there is no minimap: React Flow's keeps one store subscriber and
 * one SVG rect per node and re-renders and repaints on every pan tick.
 */
const MINIMAP_UP_TO = 500;

/**
 * The React Flow canvas bound to the editor store. Deletion is the store's verb, not React
 * Flow's; drags are buffered in the canvas and committed on drop (see drag-buffer.ts).
 */
export function WorkflowCanvas({ readOnly = false, onShowShortcuts }: { readOnly?: boolean; onShowShortcuts: () => void }) {
  const { nodes: editable, onNodesChange } = useDragBuffer();
  const nodes = useMemo(() => (readOnly ? editable.map(notPanning) : editable), [editable, readOnly]);
  const { edges, onEdgesChange, connect } = useEditorStore(useShallow((s) => ({ edges: s.edges, onEdgesChange: s.onEdgesChange, connect: s.connect })));
  const { onDragOver, onDrop } = usePaletteDrop();
  const selectNode = useEditorStore((s) => s.selectNode);
  // A plain click on a node that is part of a multi-selection selects just that node.
  const onNodeClick = useCallback<NodeMouseHandler<WorkflowNode>>(
    (e, node) => {
      if (!e.shiftKey && !e.metaKey && !e.ctrlKey) selectNode(node.id);
    },
    [selectNode],
  );
  // Fit only a graph that exists at mount: React Flow would otherwise re-fit when the first node is dropped.
  const [fitOnMount] = useState(() => nodes.length > 0);
  const [compact, setCompact] = useState(false);
  const size = useMemo(() => graphSize(nodes), [nodes]);
  const [fits, setFits] = useState(false);
  return (
    <CompactZoomContext value={compact}>
      <div className="workflow-canvas relative h-full w-full" data-testid="canvas">
        <ReactFlow<WorkflowNode, WorkflowEdge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          defaultEdgeOptions={defaultEdgeOptions}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={readOnly ? undefined : connect}
          nodesDraggable={!readOnly}
          nodesConnectable={!readOnly}
          edgesReconnectable={!readOnly}
          onNodeClick={onNodeClick}
          isValidConnection={isValidConnection}
          onDragOver={readOnly ? undefined : onDragOver}
          onDrop={readOnly ? undefined : onDrop}
          deleteKeyCode={null}
          // Tab goes palette → nodes → inspector; edges are reached from a node's connections in the inspector.
          edgesFocusable={false}
          fitView={fitOnMount}
          fitViewOptions={fitViewOptions}
          minZoom={0.1}
          onlyRenderVisibleElements={nodes.length > VISIBLE_ONLY_FROM && !fits}
          proOptions={proOptions}
        >
          {/* Dots scale with the zoom; zoomed out they are sub-pixel, and redrawn on every pan tick. */}
          {!compact && <Background variant={BackgroundVariant.Dots} gap={18} size={1.2} color="var(--color-slate-300)" />}
          <CanvasControls onShowShortcuts={onShowShortcuts} />
          {nodes.length > 0 && nodes.length <= MINIMAP_UP_TO && <MiniMap position="bottom-right" pannable zoomable nodeColor={minimapColor} className="!hidden !rounded-lg !ring-1 !ring-slate-200 md:!block" />}
          <ValidationPanel />
          <LastRunPanel />
          <RevealSelection />
          <CompactZoomWatcher onChange={setCompact} />
          <GraphFitWatcher width={size.width} height={size.height} onChange={setFits} />
        </ReactFlow>
        {nodes.length === 0 && (readOnly ? <EmptyReadOnlyHint /> : <EmptyCanvasHint />)}
      </div>
    </CompactZoomContext>
  );
}

function EmptyCanvasHint() {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center" data-testid="canvas-empty">
      <div className="rounded-xl border border-dashed border-slate-300 bg-panel/80 px-8 py-6 text-center shadow-sm">
        <p className="text-sm font-semibold text-slate-800">Start by dragging a node from the left</p>
        <p className="mt-1 text-xs text-slate-500">Then connect handles to define the flow. Nodes without an incoming edge start the run.</p>
      </div>
    </div>
  );
}

function EmptyReadOnlyHint() {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center" data-testid="canvas-empty">
      <p className="rounded-xl border border-dashed border-slate-300 bg-panel/80 px-8 py-6 text-sm text-slate-600 shadow-sm">This workflow has no nodes yet.</p>
    </div>
  );
}

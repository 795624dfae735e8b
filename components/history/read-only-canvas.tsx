"use client";
import { Background, BackgroundVariant, Controls, ReactFlow, ReactFlowProvider, type Node, type NodeMouseHandler } from "@xyflow/react";
import { memo, useMemo } from "react";
import type { Graph } from "@/engine/graph/schema";
import { graphToFlow } from "@/components/editor/graph-mapping";
import type { WorkflowNode } from "@/components/editor/flow-types";
import { nodeTypes } from "@/components/editor/nodes/node-types";
import { EditorStoreProvider } from "@/components/editor/store/editor-context";
import { toneEdgeTypes, type EdgeTone, type ToneEdge } from "./tone-edge";

/** Per-node decoration: wrapper classes and a data attribute tests and styles can read. */
export interface NodeMark {
  className: string;
  /** Exposed as `data-mark` on the node's wrapper. */
  mark: string;
}

/**
 * A node with its mark, the same object for the same node and mark: when a live run's marks
 * change, React Flow then updates only the nodes whose mark did (a thousand-node run used
 * to re-process every node on each batch of events).
 */
const markedNodes = new WeakMap<WorkflowNode, Map<string, WorkflowNode>>();
function marked(node: WorkflowNode, mark: NodeMark | undefined): WorkflowNode {
  if (!mark) return node;
  const key = `${mark.className}\u0000${mark.mark}`;
  let variants = markedNodes.get(node);
  if (!variants) markedNodes.set(node, (variants = new Map()));
  let out = variants.get(key);
  if (!out) variants.set(key, (out = { ...node, className: mark.className, domAttributes: { "data-mark": mark.mark } as Node["domAttributes"] } as WorkflowNode));
  return out;
}

const NO_MARKS: Record<string, NodeMark> = {};
const NO_TONES: Record<string, EdgeTone> = {};

/**
 * A graph drawn with the editor's own node views, but nothing can be moved, connected or
 * edited. Runs colour nodes by status; version comparisons by how they changed. Memoized:
 * with a thousand nodes a render costs a second, so it renders only when its props change.
 */
export const ReadOnlyCanvas = memo(function ReadOnlyCanvas({
  graph,
  nodeMarks = NO_MARKS,
  edgeTones = NO_TONES,
  onNodeClick,
  testId = "readonly-canvas",
}: {
  graph: Graph;
  nodeMarks?: Record<string, NodeMark>;
  edgeTones?: Record<string, EdgeTone>;
  onNodeClick?: (nodeId: string) => void;
  testId?: string;
}) {
  const workflow = useMemo(() => ({ id: "readonly", name: "", version: 0, graph }), [graph]);
  const flow = useMemo(() => graphToFlow(graph), [graph]);
  const nodes = useMemo(() => flow.nodes.map((n) => marked(n, nodeMarks[n.id])), [flow, nodeMarks]);
  const edges = useMemo(
    () => flow.edges.map((e): ToneEdge => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle, type: "tone", data: { label: e.data?.label || e.data?.condition_value, tone: edgeTones[e.id] } })),
    [flow, edgeTones],
  );
  const click: NodeMouseHandler = (_e, node) => onNodeClick?.(node.id);
  return (
    <EditorStoreProvider workflow={workflow}>
      <ReactFlowProvider>
        {/* Its own compositing layer: a live run page repaints its header and timeline several
            times a second, and without one each repaint re-layerized a thousand-node canvas. */}
        <div className="relative h-full w-full will-change-transform" data-testid={testId}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={toneEdgeTypes}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            onNodeClick={click}
            deleteKeyCode={null}
            fitView
            fitViewOptions={{ maxZoom: 0.9, padding: 0.15 }}
            minZoom={0.05}
            onlyRenderVisibleElements={nodes.length > 200}
            proOptions={{ hideAttribution: true }}
          >
            <Background variant={BackgroundVariant.Dots} gap={18} size={1.2} color="var(--color-slate-300)" />
            <Controls position="bottom-left" showInteractive={false} />
          </ReactFlow>
        </div>
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
});

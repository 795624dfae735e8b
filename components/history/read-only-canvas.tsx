"use client";
import { Background, BackgroundVariant, Controls, ReactFlow, ReactFlowProvider, type Node, type NodeMouseHandler } from "@xyflow/react";
import { memo, useMemo } from "react";
import type { Graph } from "@/engine/graph/schema";
import { graphToFlow } from "@/components/workflow/graph-mapping";
import type { WorkflowNode } from "@/components/workflow/flow-types";
import { nodeTypes } from "@/components/workflow/nodes/node-types";
import { EditorStoreProvider } from "@/components/workflow/store/editor-context";
import { toneEdgeTypes, type EdgeTone, type ToneEdge } from "./tone-edge";

/** Per-node decoration: wrapper classes and a data attribute tests and styles can read. */
export interface NodeMark {
  className: string;
  /** Exposed as `data-mark` on the node's wrapper. */
  mark: string;
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
  const nodes = useMemo(
    () =>
      flow.nodes.map((n): WorkflowNode => {
        const m = nodeMarks[n.id];
        if (!m) return n;
        return { ...n, className: m.className, domAttributes: { "data-mark": m.mark } as Node["domAttributes"] } as WorkflowNode;
      }),
    [flow, nodeMarks],
  );
  const edges = useMemo(
    () => flow.edges.map((e): ToneEdge => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle, type: "tone", data: { label: e.data?.label || e.data?.condition_value, tone: edgeTones[e.id] } })),
    [flow, edgeTones],
  );
  const click: NodeMouseHandler = (_e, node) => onNodeClick?.(node.id);
  return (
    <EditorStoreProvider workflow={workflow}>
      <ReactFlowProvider>
        <div className="relative h-full w-full" data-testid={testId}>
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
            <Background variant={BackgroundVariant.Dots} gap={18} size={1.2} color="#cbd5e1" />
            <Controls position="bottom-left" showInteractive={false} />
          </ReactFlow>
        </div>
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
});

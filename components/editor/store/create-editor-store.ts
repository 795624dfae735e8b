/**
 * One store per mounted editor (zustand `createStore`), with undo/redo from zundo over
 * the nodes and edges only. Drags and bursts of typing become single undo steps.
 */
import { applyEdgeChanges, applyNodeChanges } from "@xyflow/react";
import { temporal, type TemporalState } from "zundo";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { NodeConfig } from "@/engine/graph/schema";
import { isBranching, type WorkflowNode } from "../flow-types";
import { branchOf, graphToFlow } from "../graph-mapping";
import { layoutNodes } from "./auto-layout";
import { copySelection, pasteCopies } from "./clipboard";
import { sameContent } from "./content-equal";
import type { EditorData, EditorState, LoadedWorkflow, TrackedState } from "./editor-state";
import { createNode, edgeFromConnection, removeSelected, withSelection } from "./graph-ops";
import { EMPTY_ISSUES, indexIssues } from "./issue-index";
import { isDragEnd, isDragMove } from "./node-changes";

/** Edits of the same fields of one node closer together than this merge into one undo step. */
export const COALESCE_MS = 1000;

/** `patch` over `config`; a key patched to `undefined` is removed, so cleared optional fields vanish. */
function mergeConfig(config: NodeConfig, patch: object): NodeConfig {
  const out: Record<string, unknown> = { ...config, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete out[k];
  return out as NodeConfig;
}

function initialData(wf: LoadedWorkflow): EditorData {
  const { nodes, edges } = graphToFlow(wf.graph);
  return {
    workflowId: wf.id,
    name: wf.name,
    version: wf.version,
    settings: wf.graph.settings,
    nodes,
    edges,
    saved: { nodes, edges, name: wf.name },
    issues: EMPTY_ISSUES,
    clipboard: null,
    pasteCount: 0,
  };
}

export function createEditorStore(workflow: LoadedWorkflow, now: () => number = Date.now) {
  return createStore<EditorState>()(
    temporal(
      (set, get, api) => {
        const history = () => (api as unknown as { temporal: StoreApi<TemporalState<TrackedState>> }).temporal.getState();
        let dragging = false;
        let lastEdit = { key: "", at: -Infinity };
        /** Runs `fn` without recording history, for follow-ups of a step already recorded. */
        const untracked = (fn: () => void) => {
          history().pause();
          try {
            fn();
          } finally {
            history().resume();
          }
        };
        const setConfig = (id: string, key: string, make: (n: WorkflowNode) => NodeConfig) => {
          const t = now();
          const write = () =>
            set((s) => ({ nodes: s.nodes.map((n) => (n.id === id ? ({ ...n, data: { config: make(n) } } as WorkflowNode) : n)) }));
          if (lastEdit.key === key && t - lastEdit.at < COALESCE_MS) untracked(write);
          else write();
          lastEdit = { key, at: t };
        };

        return {
          ...initialData(workflow),
          onNodesChange: (changes) => {
            const apply = () => set((s) => ({ nodes: applyNodeChanges(changes, s.nodes) }));
            if (!dragging && isDragMove(changes)) {
              apply();
              history().pause();
              dragging = true;
            } else if (dragging && isDragEnd(changes)) {
              apply();
              history().resume();
              dragging = false;
            } else apply();
          },
          commitDrag: (nodes) => set({ nodes }),
          onEdgesChange: (changes) => set((s) => ({ edges: applyEdgeChanges(changes, s.edges) })),
          addNodeOfType: (type, position) => {
            const node = createNode(type, position, new Set(get().nodes.map((n) => n.id)));
            set((s) => ({ nodes: [...withSelection(s.nodes, () => false), node], edges: withSelection(s.edges, () => false) }));
            return node.id;
          },
          connect: (conn) => {
            const edge = edgeFromConnection(conn, get().nodes, get().edges);
            if (edge) set((s) => ({ edges: [...s.edges, edge] }));
          },
          updateNodeConfig: (id, patch) =>
            setConfig(id, `${id}:${Object.keys(patch).sort().join(",")}`, (n) => mergeConfig(n.data.config, patch)),
          updateEdge: (id, patch) =>
            set((s) => ({
              edges: s.edges.map((e) => {
                if (e.id !== id) return e;
                const data = { ...e.data, ...patch };
                const source = s.nodes.find((n) => n.id === e.source);
                const handle = source && isBranching(source.type) ? (branchOf(data) ?? e.sourceHandle) : e.sourceHandle;
                return { ...e, data, sourceHandle: handle };
              }),
            })),
          renameWorkflow: (name) => set({ name }),
          deleteSelection: () => {
            const { nodes, edges } = get();
            if (!nodes.some((n) => n.selected) && !edges.some((e) => e.selected)) return;
            set(removeSelected(nodes, edges));
          },
          selectAll: () => set((s) => ({ nodes: withSelection(s.nodes, () => true), edges: withSelection(s.edges, () => true) })),
          selectNode: (id) => set((s) => ({ nodes: withSelection(s.nodes, (n) => n.id === id), edges: withSelection(s.edges, () => false) })),
          selectEdge: (id) => set((s) => ({ nodes: withSelection(s.nodes, () => false), edges: withSelection(s.edges, (e) => e.id === id) })),
          clearSelection: () => set((s) => ({ nodes: withSelection(s.nodes, () => false), edges: withSelection(s.edges, () => false) })),
          copySelection: () => {
            const clip = copySelection(get().nodes, get().edges);
            if (clip) set({ clipboard: clip, pasteCount: 0 });
            return clip !== null;
          },
          pasteClipboard: () => {
            const { clipboard, nodes, edges, pasteCount } = get();
            if (!clipboard) return;
            const copies = pasteCopies(clipboard, nodes.map((n) => n.id), edges.map((e) => e.id), pasteCount + 1);
            set({
              nodes: [...withSelection(nodes, () => false), ...copies.nodes],
              edges: [...withSelection(edges, () => false), ...copies.edges],
              pasteCount: pasteCount + 1,
            });
          },
          autoLayout: () => set((s) => ({ nodes: layoutNodes(s.nodes, s.edges) })),
          importGraph: (graph) => {
            const { nodes, edges } = graphToFlow(graph);
            set({ nodes, edges, settings: graph.settings });
          },
          setValidation: (result) => set({ issues: indexIssues(result) }),
          markSaved: ({ version, name, nodes, edges }) => set({ version, saved: { nodes, edges, name } }),
          reload: (wf) => {
            untracked(() => set(initialData(wf)));
            history().clear();
          },
        };
      },
      {
        partialize: (s): TrackedState => ({ nodes: s.nodes, edges: s.edges }),
        equality: sameContent,
        limit: 200,
      },
    ),
  );
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** Whether the canvas or the name differ from what was last loaded or saved. */
export function isDirty(s: EditorData): boolean {
  return s.name !== s.saved.name || !sameContent(s, s.saved);
}

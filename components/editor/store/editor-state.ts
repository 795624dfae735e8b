/** The shape of one mounted editor's store: saved content, transient UI state and verbs. */
import type { Connection, EdgeChange, NodeChange, XYPosition } from "@xyflow/react";
import type { Graph, NodeConfig, NodeType, RunSettings } from "@/engine/graph/schema";
import type { ValidationResult } from "@/lib/client/types";
import type { WorkflowEdge, WorkflowEdgeData, WorkflowNode } from "../flow-types";
import type { Clipboard } from "./clipboard";
import type { IssueIndex } from "./issue-index";

/** What a saved or loaded workflow contributes to the editor. */
export interface LoadedWorkflow {
  id: string;
  name: string;
  version: number;
  graph: Graph;
}

export interface EditorData {
  workflowId: string;
  name: string;
  /** The server version the canvas is based on; sent as `base_version` on save. */
  version: number;
  settings?: RunSettings;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  /** The content as last loaded or saved, for the unsaved-changes mark. */
  saved: { nodes: WorkflowNode[]; edges: WorkflowEdge[]; name: string };
  issues: IssueIndex;
  clipboard: Clipboard | null;
  pasteCount: number;
}

export interface EditorActions {
  onNodesChange: (changes: NodeChange<WorkflowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<WorkflowEdge>[]) => void;
  /**
   * Replaces the nodes with the canvas's own copy at the end of a drag that the canvas
   * kept to itself, as one undo step (the pre-drag positions are what undo restores).
   */
  commitDrag: (nodes: WorkflowNode[]) => void;
  /** Adds a node of `type` at a flow position, selects only it, and returns its id. */
  addNodeOfType: (type: NodeType, position: XYPosition) => string;
  connect: (connection: Connection) => void;
  /**
   * Merges `patch` into a node's config; a key set to `undefined` is removed. Rapid edits
   * of the same fields form one undo step.
   */
  updateNodeConfig: <T extends NodeType>(id: string, patch: Partial<NodeConfig<T>>) => void;
  updateEdge: (id: string, patch: WorkflowEdgeData) => void;
  renameWorkflow: (name: string) => void;
  deleteSelection: () => void;
  selectAll: () => void;
  selectNode: (id: string) => void;
  selectEdge: (id: string) => void;
  clearSelection: () => void;
  copySelection: () => boolean;
  pasteClipboard: () => void;
  autoLayout: () => void;
  /** Replaces the canvas with an imported graph, as one undoable step. */
  importGraph: (graph: Graph) => void;
  setValidation: (result: ValidationResult) => void;
  /** Records a successful save: the new version and the content it saved. */
  markSaved: (saved: { version: number; name: string; nodes: WorkflowNode[]; edges: WorkflowEdge[] }) => void;
  /** Throws the local work away and shows the server's workflow (history is cleared). */
  reload: (workflow: LoadedWorkflow) => void;
}

export type EditorState = EditorData & EditorActions;

/** The part of the state undo/redo tracks. */
export type TrackedState = Pick<EditorData, "nodes" | "edges">;

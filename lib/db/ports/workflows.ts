/** Workflows and their immutable versions, as every backend stores them. */
import type { Graph } from "@/engine/graph/schema";
import type { RunStatus } from "@/engine/ports";

/** A live workflow as stored (timestamps as ISO strings). */
export interface WorkflowRecord {
  id: string;
  name: string;
  description: string;
  graph: Graph;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface NewWorkflow {
  id: string;
  name: string;
  description: string;
  graph: Graph;
  at: Date;
}

export interface WorkflowChange {
  id: string;
  name: string;
  description: string;
  graph: Graph;
  version: number;
  at: Date;
}

/** A workflow in a list: no graph, its node count and its latest run. */
export interface WorkflowSummary {
  id: string;
  name: string;
  description: string;
  version: number;
  created_at: string;
  updated_at: string;
  node_count: number;
  last_run: { id: string; status: RunStatus; created_at: string } | null;
}

/** Keyset position in the newest-updated-first order: the stored `updated_at` key and the id. */
export interface WorkflowListPosition {
  updated_at: string;
  id: string;
}

/** An immutable snapshot of a workflow's graph at one version number. */
export interface VersionRecord {
  workflow_id: string;
  version: number;
  graph: Graph;
  created_at: string;
  created_by: string;
  /** The saver's name when the version was written (null on versions older than names). */
  created_by_name: string | null;
  /** The saver's note on what changed, if they left one. */
  note: string | null;
  /** Only node positions differ from the version before. */
  layout_only: boolean;
}

/** A version in a list: counts instead of the graph. */
export type VersionSummary = Omit<VersionRecord, "graph"> & { node_count: number; edge_count: number };

/** What a new version's row records besides its graph. */
export interface NewVersion {
  workflowId: string;
  version: number;
  graph: Graph;
  createdBy: string;
  createdByName?: string | null;
  note?: string | null;
  layoutOnly?: boolean;
  at: Date;
}

/** What a trigger needs of a live workflow: its head version, and its name for the run's answer. */
export interface WorkflowHead {
  id: string;
  name: string;
  version: number;
}

export interface WorkflowStore {
  /** A workflow that is not deleted, or null. */
  find(id: string): Promise<WorkflowRecord | null>;
  /** The live workflow's id, name and head version, without its graph. */
  head(id: string): Promise<WorkflowHead | null>;
  /** Inserts a workflow at version 1. */
  insert(w: NewWorkflow): Promise<void>;
  /** Replaces the live fields of a workflow. */
  update(w: WorkflowChange): Promise<void>;
  /** Soft delete: the row and its history stay for runs and audit, gone from the API. */
  markDeleted(a: { id: string; at: Date }): Promise<void>;
  /** Live workflows, newest updated first, after `after`; `q`: name or description contains it, ignoring case. */
  list(a: { limit: number; after?: WorkflowListPosition; q?: string }): Promise<{ summary: WorkflowSummary; position: WorkflowListPosition }[]>;
}

export interface VersionStore {
  /** Writes the snapshot of `version` (the pair is unique: a version is written once). */
  insert(v: NewVersion): Promise<void>;
  find(a: { workflowId: string; version: number }): Promise<VersionRecord | null>;
  /**
   * The parsed graph of one version (its snapshot, or the live row's while the snapshot is
   * missing), or null. Versions are immutable: stores keep parsed graphs, and callers treat
   * them as read-only (the engine caches its plan per graph object).
   */
  graph(workflowId: string, version: number): Promise<Graph | null>;
  /** Versions newest first, below `beforeVersion` when given. */
  list(a: { workflowId: string; beforeVersion?: number; limit: number }): Promise<VersionSummary[]>;
  /** Versions above `afterVersion`, oldest first, without graphs. */
  listAfter(a: { workflowId: string; afterVersion: number; limit: number }): Promise<Omit<VersionRecord, "graph">[]>;
}

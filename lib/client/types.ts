/**
 * Response shapes of the HTTP API (SPEC §10) as the browser sees them.
 * The graph itself is the engine's schema type, never re-declared here.
 */
import type { Graph } from "@/engine/graph/schema";

export type RunStatus = "pending" | "running" | "paused" | "completed" | "failed";
export type StepStatus = "pending" | "running" | "waiting" | "completed" | "failed" | "skipped";

export interface WorkflowSummary {
  id: string;
  name: string;
  description: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  node_count: number;
  last_run: { id: string; status: RunStatus; created_at: string } | null;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** One validation finding, tied to a node or an edge when it concerns one. */
export interface ValidationIssue {
  code: string;
  message: string;
  node_id?: string;
  edge_id?: string;
}

export interface ValidationResult {
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

export interface Workflow {
  id: string;
  name: string;
  description: string | null;
  version: number;
  graph: Graph;
  created_at: string;
  updated_at: string;
  validation?: ValidationResult;
}

export interface Step {
  id: string;
  seq: number;
  node_id: string;
  node_type: string;
  status: StepStatus;
  input: unknown;
  output: unknown;
  error: string | null;
  cost_usd: number | null;
  tokens_in: number | null;
  tokens_out: number | null;
  model: string | null;
  attempt: number;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
}

export interface Run {
  id: string;
  workflow_id: string;
  workflow_version: number;
  status: RunStatus;
  input: unknown;
  output: unknown;
  cost_usd: number | null;
  tokens_in?: number | null;
  tokens_out?: number | null;
  duration_ms: number | null;
  error_message: string | null;
  created_at?: string;
  started_at: string | null;
  finished_at: string | null;
  steps?: Step[];
}

export interface ModelInfo {
  id: string;
  provider: string;
  input_usd_per_mtok: number;
  output_usd_per_mtok: number;
}

export interface ToolParam {
  name: string;
  type: string;
  required: boolean;
  options?: string[];
  description?: string;
}

export interface ToolInfo {
  name: string;
  description: string;
  params: ToolParam[];
}

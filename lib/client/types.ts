/**
 * Response shapes of the HTTP API (SPEC §10) as the browser sees them.
 * The graph itself is the engine's schema type, never re-declared here.
 */
import type { Graph } from "@/engine/graph/schema";
import type { RunAnswer, StepAnswer } from "@/lib/services/run-answers";

export type { RunStatus, StepStatus } from "@/engine/ports";
import type { RunStatus } from "@/engine/ports";

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

/** A step as run answers and events carry it (lib/services/run-answers.ts). */
export type Step = StepAnswer;

/** A run whole, as `GET /api/runs/{id}` and the trigger answer it. */
export type Run = RunAnswer;

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

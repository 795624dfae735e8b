/**
 * Response shapes of the HTTP API (SPEC §10) as the browser sees them.
 * The graph itself is the engine's schema type, never re-declared here.
 */
import type { RunAnswer, StepAnswer } from "@/lib/services/run-answers";
import type { ModelAnswer, ToolAnswer, ToolParamAnswer } from "@/lib/services/catalog-answers";
import type { ValidationAnswer, WorkflowAnswer, WorkflowSummaryAnswer } from "@/lib/services/workflow-answers";

export type { RunStatus, StepStatus } from "@/engine/ports";

/** A workflow in the list (lib/services/workflow-answers.ts). */
export type WorkflowSummary = WorkflowSummaryAnswer;

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** One validation finding, tied to a node or an edge when it concerns one. */
export type ValidationIssue = ValidationAnswer["errors"][number];

export type ValidationResult = ValidationAnswer;

/** A workflow with its live graph and validation summary. */
export type Workflow = WorkflowAnswer;

/** A step as run answers and events carry it (lib/services/run-answers.ts). */
export type Step = StepAnswer;

/** A run whole, as `GET /api/runs/{id}` and the trigger answer it. */
export type Run = RunAnswer;

/** A priced model (lib/services/catalog-answers.ts). */
export type ModelInfo = ModelAnswer;

/** One field of a tool's params form. */
export type ToolParam = ToolParamAnswer;

/** A registered tool with its params. */
export type ToolInfo = ToolAnswer;

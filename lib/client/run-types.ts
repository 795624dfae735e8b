/**
 * Response shapes of the run, approval, version, audit and spend endpoints as the
 * browser sees them (docs/api.md). They extend the editor's shapes in ./types.
 */
import type { ApprovalItemAnswer } from "@/lib/services/approval-answers";
import type { SpendGroupAnswer, SpendReportAnswer, SpendRunAnswer, SpendRunListAnswer } from "@/lib/services/spend-answers";
import type { CheckpointAnswer, CheckpointHeadAnswer, GateAnswer, RunAnswer, RunGateAnswer, RunSummaryAnswer, StepAnswer } from "@/lib/services/run-answers";

/**
 * A run's pending gate: prompt, form, who decides, the approvals so far and — in answers
 * made for the asking person — whether they may decide it (`may_decide`, `decide_refusal`).
 */
export type PendingGateView = GateAnswer;

/** Who triggered a run: the person, API key or webhook, with the name it had then. */
export type TriggeredBy = NonNullable<RunSummaryAnswer["triggered_by"]>;

/** A step as the run endpoint returns it. */
export type StepView = StepAnswer;

export type SpendLineView = RunAnswer["spend"]["by_model"][number];

/** A run in a list: everything but its steps and spend. */
export type RunSummary = RunSummaryAnswer;

/** The run whole. */
export type RunDetail = RunAnswer;

/** A checkpoint in a list (`?state=false`): which one it is. */
export type CheckpointHead = CheckpointHeadAnswer;

/** One checkpoint whole. */
export type CheckpointView = CheckpointAnswer;

/** A run in the approvals inbox. */
export type ApprovalView = ApprovalItemAnswer;

/** `GET /api/runs/{id}/gate`: the pending gate as the signed-in person sees it. */
export type RunGateView = RunGateAnswer;

/** One figure of the spend dashboard: a workflow, a model or a node, and what it cost. */
export type SpendGroup = SpendGroupAnswer;

/** Spend per workflow, model, node and day (UTC, oldest first) over a period. */
export type SpendReport = SpendReportAnswer;

/** One run behind a spend figure, with what it spent on that slice. */
export type SpendRunView = SpendRunAnswer;

/** The runs behind a spend figure, and how long runs are kept. */
export type SpendRunList = SpendRunListAnswer;

// Shapes the server already defines: imported as types only, never duplicated by hand.
export type { VersionSummaryAnswer as VersionSummary, VersionAnswer as VersionDetail } from "@/lib/services/workflow-answers";
export type { AuditEntryAnswer as AuditRow, AuditCheckAnswer as AuditVerify } from "@/lib/services/audit-answers";

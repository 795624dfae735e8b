/**
 * The API shapes of runs, steps and run events (SPEC §10): snake_case, money as USD with
 * 6 decimals, timestamps as ISO strings, internal (`__`) state keys stripped.
 */
import { costBreakdown, type SpendBreakdown, type SpendLine } from "@/engine/models/breakdown";
import { microsToUsd } from "@/engine/models/cost";
import type { PendingGate, RunRecord, StepRecord, StoredEvent } from "@/engine/ports";
import { publicApproval } from "@/engine/run/gate-approvals";
import { pendingPolicy } from "@/engine/run/gate-approvers";
import { publicState } from "@/engine/run/state";
import { isoTime } from "@/lib/db/timestamps";
import type { GateAnswer, RunAnswer, RunEventData, RunSummaryAnswer, StepAnswer } from "./run-answers";

/** A state-like object as clients see it: no internal keys. */
export function stripInternal(value: unknown): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? publicState(value as Record<string, unknown>) : value;
}

/** A pending gate as answers show it (./run-answers.ts). */
export type GateDto = GateAnswer;

/** A pending gate in API form: ISO deadline, who decides and the approvals so far (without who made the approving keys). */
export function toGateDto(gate: PendingGate | null): GateDto | null {
  if (!gate) return null;
  const policy = pendingPolicy(gate);
  return {
    node_id: gate.node_id,
    prompt: gate.prompt,
    ...(gate.fields ? { fields: gate.fields } : {}),
    ...(gate.expires_at === undefined ? {} : { expires_at: isoTime(gate.expires_at) }),
    approvers: { roles: policy.roles, users: policy.users },
    required_approvals: policy.required_approvals,
    allow_self_approval: policy.allow_self_approval,
    approvals: (gate.approvals ?? []).map(publicApproval),
  };
}

/** A step in API form; `input` is the public state it started from (absent in events). */
export function toStepDto(step: StepRecord, input?: Record<string, unknown> | null): StepAnswer {
  return {
    id: step.id,
    seq: step.seq,
    node_id: step.node_id,
    node_type: step.node_type,
    status: step.status,
    ...(input === undefined ? {} : { input }),
    output: stripInternal(step.output),
    error: step.error,
    cost_usd: microsToUsd(step.cost_micros),
    tokens_in: step.tokens_in,
    tokens_out: step.tokens_out,
    model: step.model,
    attempt: step.attempt,
    idempotency_key: step.idempotency_key,
    started_at: isoTime(step.started_at),
    finished_at: isoTime(step.finished_at),
    duration_ms: step.duration_ms,
  };
}

export type StepDto = StepAnswer;

const spendLine = (l: SpendLine) => ({ key: l.key, cost_usd: microsToUsd(l.cost_micros), tokens_in: l.tokens_in, tokens_out: l.tokens_out, steps: l.steps });

/** Spend per model and per node, in USD. */
export function toSpendDto(b: SpendBreakdown): RunAnswer["spend"] {
  return { cost_usd: microsToUsd(b.total_micros), tokens_in: b.tokens_in, tokens_out: b.tokens_out, by_model: b.by_model.map(spendLine), by_node: b.by_node.map(spendLine) };
}

/** A run without its steps (lists, events). */
export function toRunSummaryDto(run: RunRecord, workflowName: string): RunSummaryAnswer {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    workflow_name: workflowName,
    workflow_version: run.workflow_version,
    status: run.status,
    input: run.input,
    output: run.output === null ? null : stripInternal(run.output),
    options: { ...run.options },
    cost_usd: microsToUsd(run.cost_micros),
    tokens_in: run.tokens_in,
    tokens_out: run.tokens_out,
    node_executions: run.node_executions,
    duration_ms: run.duration_ms,
    error_message: run.error_message,
    pending_gate: toGateDto(run.pending_gate),
    triggered_by: run.triggered_by ? { type: run.triggered_by.type, id: run.triggered_by.id, name: run.triggered_by.name } : null,
    created_at: isoTime(run.created_at),
    started_at: isoTime(run.started_at),
    finished_at: isoTime(run.finished_at),
  };
}

/** The run whole: summary, steps with their inputs, and the spend breakdown. */
export function toRunDto(run: RunRecord, workflowName: string, steps: StepRecord[], inputOf: (step: StepRecord) => Record<string, unknown> | null): RunAnswer {
  return {
    ...toRunSummaryDto(run, workflowName),
    steps: steps.map((s) => toStepDto(s, inputOf(s))),
    spend: toSpendDto(costBreakdown(steps)),
  };
}

/** The `data:` payload of one SSE event. */
export function toEventData(event: StoredEvent): RunEventData<"run.status" | "step.started" | "step.finished" | "gate.pending"> {
  const e = event.data;
  switch (e.type) {
    case "run.status":
      return {
        run_id: e.run_id,
        status: e.status,
        error_message: e.error_message,
        cost_usd: microsToUsd(e.cost_micros),
        tokens_in: e.tokens_in,
        tokens_out: e.tokens_out,
        duration_ms: e.duration_ms,
        pending_gate: toGateDto(e.pending_gate),
        // The run's own started_at/finished_at where the engine gave it; else when it was stored.
        at: isoTime(e.at ?? event.created_at),
      };
    case "step.started":
    case "step.finished":
      return { run_id: e.run_id, step: toStepDto(e.step) };
    case "gate.pending":
      return { run_id: e.run_id, step_id: e.step_id, gate: toGateDto(e.gate) };
  }
}

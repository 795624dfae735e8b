/**
 * What the run routes (their checkpoints and gate too) answer and what a run's event stream
 * sends, as zod schemas: the server's answer builders (./run-dto.ts, ./runs.ts) are typed by
 * them, the browser's types are their `z.infer` (lib/client/types.ts, run-types.ts), the
 * OpenAPI document's responses are generated from them (lib/http/openapi.ts), and the
 * integration suite checks real answers against them.
 * Money is USD (6 decimals), times are ISO strings, internal (`__`) state keys are stripped.
 */
import { z } from "zod";
import { iso, json, usd } from "./answer-fields";
import { ACTOR_ROLES, gateFieldSchema } from "@/engine/graph/schema";
import type { RunStatus, StepStatus } from "@/engine/ports";

export const RUN_STATUSES = ["pending", "running", "paused", "completed", "failed"] as const satisfies readonly RunStatus[];
export const STEP_STATUSES = ["pending", "running", "waiting", "completed", "failed", "skipped"] as const satisfies readonly StepStatus[];


/** One approval of a gate so far (who made an approving API key is not shown). */
export const approvalSchema = z.strictObject({
  actor_id: z.string(),
  actor_name: z.string(),
  actor_type: z.string(),
  comment: z.string().nullable(),
  input: z.record(z.string(), json),
  at: iso,
});

/** A run's pending gate: prompt, form, who decides, the approvals so far and, for the asking person, whether they may decide it. */
export const gateSchema = z.strictObject({
  node_id: z.string(),
  prompt: z.string(),
  fields: z.array(gateFieldSchema).optional(),
  expires_at: iso.optional(),
  approvers: z.strictObject({ roles: z.array(z.enum(ACTOR_ROLES)), users: z.array(z.string()) }),
  required_approvals: z.number().int(),
  allow_self_approval: z.boolean(),
  approvals: z.array(approvalSchema),
  may_decide: z.boolean().optional(),
  may_reject: z.boolean().optional(),
  decide_refusal: z.string().nullable().optional(),
});

/** One execution of a node; `input` (the public state it started from) only where asked for. */
export const stepSchema = z.strictObject({
  id: z.string(),
  seq: z.number().int(),
  node_id: z.string(),
  node_type: z.string(),
  status: z.enum(STEP_STATUSES),
  input: z.record(z.string(), json).nullable().optional(),
  output: json,
  error: z.string().nullable(),
  cost_usd: usd,
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  model: z.string().nullable(),
  attempt: z.number().int(),
  idempotency_key: z.string(),
  started_at: iso.nullable(),
  finished_at: iso.nullable(),
  duration_ms: z.number().nullable(),
});

/** Who triggered a run, with the name it had then (null for runs made before accounts). */
export const triggeredBySchema = z.strictObject({ type: z.string(), id: z.string(), name: z.string() });

/** A run in a list: everything but its steps and spend. */
export const runSummarySchema = z.strictObject({
  id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  workflow_version: z.number().int(),
  status: z.enum(RUN_STATUSES),
  input: json,
  output: json,
  options: z.record(z.string(), json).describe("the trigger's overrides of the workflow's run limits"),
  cost_usd: usd,
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  node_executions: z.number().int(),
  duration_ms: z.number().nullable(),
  error_message: z.string().nullable(),
  pending_gate: gateSchema.nullable(),
  triggered_by: triggeredBySchema.nullable(),
  created_at: iso,
  started_at: iso.nullable(),
  finished_at: iso.nullable(),
});

const spendLineSchema = z.strictObject({ key: z.string(), cost_usd: usd, tokens_in: z.number().int(), tokens_out: z.number().int(), steps: z.number().int() });

/** The run whole: its summary, its steps, and what it spent per model and per node. */
export const runSchema = runSummarySchema.extend({
  steps: z.array(stepSchema),
  step_inputs_omitted: z.literal(true).optional().describe("the steps' inputs were too large for a command's answer and are left out (read them per step)"),
  spend: z.strictObject({ cost_usd: usd, tokens_in: z.number().int(), tokens_out: z.number().int(), by_model: z.array(spendLineSchema), by_node: z.array(spendLineSchema) }),
});

/** A checkpoint in a list with `state=false`: which one it is. */
export const checkpointHeadSchema = z.strictObject({
  seq: z.number().int(),
  step_name: z.string().describe("what the checkpoint follows: `run_start`, `resume`, `node:<node id>` or `gate:<node id>`"),
  created_at: iso,
});

/** One checkpoint whole: the public state then, the nodes settled so far and what runs next. */
export const checkpointSchema = checkpointHeadSchema.extend({
  completed: z.array(z.string()).describe("node ids in completion order, one per settled execution"),
  queue: z.array(z.strictObject({ node_id: z.string(), n: z.number().int(), edge_id: z.string().optional() })).describe("queued and in-flight executions"),
  state: z.record(z.string(), json),
});

/** `GET /api/runs/{id}/checkpoints`: whole checkpoints, or only their heads with `state=false` (not paged). */
export const checkpointListSchema = z.strictObject({ items: z.array(z.union([checkpointSchema, checkpointHeadSchema])) });

/** `GET /api/runs/{id}/gate`: the pending gate as the caller sees it (with `may_decide`, `may_reject`, `decide_refusal`), null when the run waits at none. */
export const runGateSchema = z.strictObject({ run_id: z.string(), status: z.enum(RUN_STATUSES), pending_gate: gateSchema.nullable() });

/** A page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), next_cursor: z.string().nullable() });

/** `step.started` and `step.finished`: the step as it is now. */
const stepEventSchema = z.strictObject({ run_id: z.string(), step: stepSchema });

/** The `data:` of each event of `GET /api/runs/{id}/events`, by event name (the SSE `id:` is its sequence number). */
export const runEventSchemas = {
  "run.status": z.strictObject({
    run_id: z.string(),
    status: z.enum(RUN_STATUSES),
    error_message: z.string().nullable(),
    cost_usd: usd,
    tokens_in: z.number().int(),
    tokens_out: z.number().int(),
    duration_ms: z.number().nullable(),
    pending_gate: gateSchema.nullable(),
    at: iso.nullable(),
  }),
  "step.started": stepEventSchema,
  "step.finished": stepEventSchema,
  "gate.pending": z.strictObject({ run_id: z.string(), step_id: z.string(), gate: gateSchema.nullable() }),
  /** Live only (no id, never replayed): text a model streams while its step runs. */
  "step.delta": z.strictObject({ type: z.literal("step.delta"), run_id: z.string(), step_id: z.string(), node_id: z.string(), text: z.string() }),
} as const;

export type RunEventName = keyof typeof runEventSchemas;
export type RunEventData<E extends RunEventName = RunEventName> = z.infer<(typeof runEventSchemas)[E]>;

export type GateAnswer = z.infer<typeof gateSchema>;
export type StepAnswer = z.infer<typeof stepSchema>;
export type RunSummaryAnswer = z.infer<typeof runSummarySchema>;
export type RunAnswer = z.infer<typeof runSchema>;
export type CheckpointHeadAnswer = z.infer<typeof checkpointHeadSchema>;
export type CheckpointAnswer = z.infer<typeof checkpointSchema>;
export type CheckpointListAnswer = z.infer<typeof checkpointListSchema>;
export type RunGateAnswer = z.infer<typeof runGateSchema>;

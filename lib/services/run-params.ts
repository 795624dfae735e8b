/**
 * Query-string and body schemas of the run routes, shared by their thin handlers.
 */
import { z } from "zod";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";
import { runSettingsSchema } from "@/engine/graph/schema";

const RUN_STATUSES = ["pending", "running", "paused", "completed", "failed"] as const;


/** `?wait=<ms>`: 1 to 300000. */
export const waitQuery = z.object({
  wait: z.string().regex(/^[0-9]{1,6}$/, "must be a whole number of milliseconds").transform(Number).pipe(z.number().int().min(1, "must be more than 0").max(300_000, "must be at most 300000")).optional().describe("answer once the run completes, fails or pauses, waiting at most this many milliseconds (1–300000)"),
});

export const statusFilter = z.enum(RUN_STATUSES, { message: `must be one of ${RUN_STATUSES.join(", ")}` });

export const runListQuery = z.object({
  status: statusFilter.optional(),
  workflow_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "is not a valid id").optional(),
  /** Runs triggered by this user, API key or webhook (its id). */
  triggered_by: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "is not a valid id").optional(),
});

/** A query flag: `true` or `false`. */
const flag = z.enum(["true", "false"], { message: "must be true or false" }).transform((v) => v === "true").optional();

/** `?step_inputs=false` (reading a run, or the answer of a run command) leaves the (large) step input snapshots out. */
export const runReadQuery = z.object({ step_inputs: flag.describe("false: leave the steps' input snapshots out of the answer") });

/** `GET /api/runs/{id}/checkpoints?state=false` lists which checkpoints there are, without their contents. */
export const checkpointListQuery = z.object({ state: flag.describe("false: list which checkpoints there are, without their states") });

export { lastEventQuery } from "@/lib/http/event-stream";

/** `POST /api/workflows/{id}/runs` body: the trigger input and per-run limit overrides. */
export const triggerBody = z.object({
  input: z.record(z.string(), z.unknown()).optional(),
  options: runSettingsSchema.strict().optional(),
});

const comment = z.string().max(10_000, "at most 10000 characters").refine(withoutNul, NUL_RULE);
const nodeId = z.string().min(1).max(200).refine(withoutNul, NUL_RULE);

export const approveBody = z.object({ node_id: nodeId, input: z.record(z.string(), z.unknown()).optional(), comment: comment.optional() });
export const rejectBody = z.object({ node_id: nodeId, comment: comment.optional() });

/**
 * What the approvals inbox answers, as a zod schema (as ./run-answers.ts is for runs): the
 * inbox builder (./approvals.ts) is typed by it, the browser's type is its `z.infer`, the
 * OpenAPI response is generated from it and the integration suite checks real answers.
 */
import { z } from "zod";
import { iso } from "./answer-fields";
import { gateSchema } from "./run-answers";


/** A run waiting at a gate the caller may approve now, with how long it has waited. */
export const approvalItemSchema = z.strictObject({
  run_id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  workflow_version: z.number().int(),
  pending_gate: gateSchema.nullable().describe("with `may_decide` (always true here), `may_reject` and the approvals so far"),
  run_created_at: iso,
  waiting_since: iso.nullable().describe("when the run reached the gate"),
  waited_ms: z.number().nullable(),
});

export type ApprovalItemAnswer = z.infer<typeof approvalItemSchema>;

/**
 * What the audit routes answer, as zod schemas (beside ./audit-params.ts, their query
 * schemas): the audit service (./audit.ts) is typed by them, the browser's types are their
 * `z.infer`, the OpenAPI responses are generated from them and the integration suite checks
 * real answers against them.
 */
import { z } from "zod";
import { iso } from "./answer-fields";

/** One row of the trail: the stored, hashed row and its target's name now. */
export const auditEntrySchema = z.strictObject({
  seq: z.number().int(),
  id: z.string(),
  action: z.string().describe("`workflow.create`, `run.trigger`, `auth.login` … (docs/api.md, \"Audit\")"),
  actor_id: z.string(),
  actor_type: z.string().nullable().describe("`user`, `api_key`, `webhook` or `system`; null on rows from before accounts"),
  actor_name: z.string().nullable().describe("the actor's name when the row was written"),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: iso,
  prev_hash: z.string(),
  hash: z.string(),
  target_name: z.string().nullable().describe("what the target is called now (not part of the row or its hash); null when it is gone or has no name"),
});

/** `GET /api/audit/verify`: whether the hash chain holds, over which rows, and when it was last checked whole. */
export const auditCheckSchema = z.strictObject({
  ok: z.boolean(),
  checked: z.number().int().describe("rows found whole"),
  first_bad_seq: z.number().int().optional().describe("the first row whose link or hash does not match"),
  message: z.string().optional(),
  scope: z.enum(["full", "new"]).describe("`full`: every row recomputed now; `new`: the rows after the last check, linked to it"),
  full_check_at: z.string().optional().describe("when the last full check that found the chain whole ran (ISO 8601)"),
});

export type AuditEntryAnswer = z.infer<typeof auditEntrySchema>;
export type AuditCheckAnswer = z.infer<typeof auditCheckSchema>;

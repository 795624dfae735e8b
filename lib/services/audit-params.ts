/**
 * Query schemas of the audit routes, shared by their thin handlers and the OpenAPI
 * document (lib/http/openapi.ts).
 */
import { z } from "zod";

/** `GET /api/audit` filters. */
export const auditFilterQuery = z.object({
  action: z.string().min(1).max(100).optional(),
  target_type: z.string().min(1).max(100).optional(),
  target_id: z.string().min(1).max(200).optional(),
  /** Who acted: a user, API key or webhook id (`system` for Switchyard itself). */
  actor_id: z.string().min(1).max(200).optional(),
});

/** `GET /api/audit/verify?scope=new` checks only the rows appended since the last check. */
export const auditVerifyQuery = z.object({ scope: z.enum(["full", "new"]).default("full") });

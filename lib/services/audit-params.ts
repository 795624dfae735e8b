/**
 * Query schemas of the audit routes, shared by their thin handlers and the OpenAPI
 * document (lib/http/openapi.ts).
 */
import { z } from "zod";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";

/** A filter's text: compared with stored text, so never holding U+0000. */
const filter = (max: number) => z.string().min(1).max(max).refine(withoutNul, NUL_RULE);

/** `GET /api/audit` filters. */
export const auditFilterQuery = z.object({
  action: filter(100).optional(),
  target_type: filter(100).optional(),
  target_id: filter(200).optional(),
  /** Who acted: a user, API key or webhook id (`system` for Switchyard itself). */
  actor_id: filter(200).optional(),
});

/** `GET /api/audit/verify?scope=new` checks only the rows appended since the last check. */
export const auditVerifyQuery = z.object({ scope: z.enum(["full", "new"]).default("full") });

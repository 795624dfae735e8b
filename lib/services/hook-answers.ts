/**
 * What the webhook routes answer, as zod schemas (as ./run-answers.ts is for runs): the hook
 * service (./hooks.ts) is typed by them, the browser's types are their `z.infer`, the
 * OpenAPI responses are generated from them and the integration suite checks real answers.
 * A hook's secret is in the answer that made or rotated it only.
 */
import { z } from "zod";
import { iso } from "./answer-fields";


/** A hook as the API shows it: never its secret. */
export const hookSchema = z.strictObject({
  id: z.string(),
  workflow_id: z.string(),
  enabled: z.boolean(),
  url_path: z.string().describe("where to POST: `/api/hooks/<id>` (put the server's origin in front)"),
  created_at: iso,
  rotated_at: iso,
  last_triggered_at: iso.nullable(),
});

/** `GET /api/workflows/{id}/hook`: the hook, or null when the workflow has none. */
export const hookLookupSchema = z.strictObject({ hook: hookSchema.nullable() });

/** `POST /api/workflows/{id}/hook`: the hook made or rotated, with its new secret (shown this once). */
export const hookWithSecretSchema = z.strictObject({ hook: hookSchema, secret: z.string().describe("`whsec_…`; never shown again") });

/** `PATCH /api/workflows/{id}/hook`: the hook after the change. */
export const hookChangedSchema = z.strictObject({ hook: hookSchema });

export type HookAnswer = z.infer<typeof hookSchema>;
export type HookLookupAnswer = z.infer<typeof hookLookupSchema>;
export type HookWithSecretAnswer = z.infer<typeof hookWithSecretSchema>;
export type HookChangedAnswer = z.infer<typeof hookChangedSchema>;

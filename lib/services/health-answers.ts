/** What `GET /api/health` answers, as a zod schema (named in the OpenAPI document, checked by the integration suite). */
import { z } from "zod";

/** Liveness: the server answers; no database read stands behind it. */
export const healthSchema = z.strictObject({ ok: z.literal(true) });

export type HealthAnswer = z.infer<typeof healthSchema>;

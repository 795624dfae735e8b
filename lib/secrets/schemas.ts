/**
 * Request and answer shapes of `/api/secrets` (names as `{secrets.NAME}` expects them). The
 * answers are zod schemas as lib/services/*-answers.ts are: the secrets service is typed by
 * them, the settings page's type is their `z.infer`, the OpenAPI responses are generated
 * from them and the integration suite checks real answers. A value never leaves the server.
 */
import { z } from "zod";
import { iso } from "@/lib/services/answer-fields";
import { SECRET_NAME_PATTERN } from "@/engine/secrets/placeholders";
import { ApiError } from "@/lib/http/errors";

/** Largest secret value accepted, in characters. */
export const MAX_SECRET_VALUE = 16_384;

const NAME_RULE = "must start with an upper-case letter and use only A-Z, 0-9 and _ (at most 64 characters)";

export const secretName = z.string().regex(SECRET_NAME_PATTERN, NAME_RULE);
const secretValue = z.string().min(1, "must not be empty").max(MAX_SECRET_VALUE, `at most ${MAX_SECRET_VALUE} characters`);

export const createSecretBody = z.object({ name: secretName, value: secretValue });
export const updateSecretBody = z.object({ value: secretValue });

/** A secret as answers show it: its name and timestamps, never its value. */
export const secretSchema = z.strictObject({ name: z.string(), created_at: iso, updated_at: iso });

/** `GET /api/secrets`: every secret, by name, on one page. */
export const secretListSchema = z.strictObject({ items: z.array(secretSchema), next_cursor: z.null() });

export type SecretAnswer = z.infer<typeof secretSchema>;
export type SecretListAnswer = z.infer<typeof secretListSchema>;

/** A secret name from the path; a malformed one is a 400 that names the rule. */
export function parseSecretName(raw: string | undefined): string {
  if (typeof raw !== "string" || !SECRET_NAME_PATTERN.test(raw)) {
    throw new ApiError("invalid_body", `invalid secret name: it ${NAME_RULE}`, { issues: [{ path: ["name"], message: NAME_RULE }] });
  }
  return raw;
}

/** Request shapes of the user and API key routes (the routes and the OpenAPI document share them). */
import { z } from "zod";
import { passwordSchema } from "@/lib/auth/passwords";
import { roleSchema } from "@/lib/auth/roles";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";

const email = z.email("not an email address").max(320).transform((s) => s.trim().toLowerCase());
const name = z.string().trim().min(1, "a name is required").max(200).refine(withoutNul, NUL_RULE);

export const setupBody = z.object({ email, name, password: passwordSchema }).strict();

export const createUserBody = z.object({ email, name, role: roleSchema, password: passwordSchema }).strict();

export const patchUserBody = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional(), name: name.optional() })
  .strict()
  .refine((b) => b.role !== undefined || b.disabled !== undefined || b.name !== undefined, { message: "send role, disabled or name" });

export const createApiKeyBody = z
  .object({
    name,
    role: roleSchema,
    expires_at: z.iso.datetime({ offset: true, message: "an ISO 8601 date and time, e.g. 2027-01-31T00:00:00Z" }).optional(),
  })
  .strict();

export const changePasswordBody = z
  .object({ current_password: z.string().min(1).max(1000), new_password: passwordSchema, revoke_other_sessions: z.boolean().optional() })
  .strict();

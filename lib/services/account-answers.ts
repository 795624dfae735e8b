/**
 * What the account routes answer (users, API keys, `me`, owner setup, sign-in and out,
 * password change), as zod schemas beside ./user-params.ts, their request schemas: the
 * services are typed by them, the settings pages' types are their `z.infer`, the OpenAPI
 * responses are generated from them and the integration suite checks real answers.
 * Passwords, session tokens and key hashes are in none of them.
 */
import { z } from "zod";
import { iso } from "./answer-fields";
import { ACTOR_TYPES } from "@/lib/auth/actor";
import { PERMISSIONS, roleSchema } from "@/lib/auth/roles";


/** A person with an account. */
export const userSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string().describe("lower case, unique"),
  role: roleSchema,
  disabled: z.boolean(),
  created_at: iso,
  updated_at: iso,
});

/** `GET /api/users`: every user, by email, on one page. */
export const userListSchema = z.strictObject({ items: z.array(userSchema), next_cursor: z.null() });

/** An API key's record: never the key itself (only its hash is stored). */
export const apiKeySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  prefix: z.string().describe("the key's first characters, to tell keys apart"),
  created_at: iso,
  expires_at: iso.nullable(),
  last_used_at: iso.nullable().describe("written at most once a minute"),
  revoked_at: iso.nullable(),
  created_by: z.strictObject({ type: z.string().describe("`user` or `api_key`"), id: z.string() }),
});

/** `GET /api/api-keys`: the caller's keys (an admin's: every key) on one page. */
export const apiKeyListSchema = z.strictObject({ items: z.array(apiKeySchema), next_cursor: z.null() });

/** `POST /api/api-keys`: the record and the key, in this answer only. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string().describe("`sy_…`: send it as `Authorization: Bearer <key>`") });

/** `GET /api/me`: who the request is, with what the role may do. */
export const meSchema = z.strictObject({
  type: z.enum(ACTOR_TYPES),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: roleSchema.nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
});

/** `GET /api/setup`. */
export const setupStatusSchema = z.strictObject({
  needed: z.boolean().describe("no account exists yet"),
  allowed: z.boolean().describe("this request may create the owner account"),
});

/** `POST /api/setup`: the owner account made (and signed in by the cookie set with it). */
export const setupDoneSchema = z.strictObject({ user: userSchema });

/** `POST /api/auth/sign-in/email`: who signed in (the session travels only in the cookie). */
export const signedInSchema = z.strictObject({ user: z.strictObject({ id: z.string(), name: z.string(), email: z.string(), role: roleSchema }) });

/** `POST /api/auth/sign-out`. */
export const signedOutSchema = z.strictObject({ signed_out: z.literal(true) });

/** `POST /api/auth/change-password`. */
export const passwordChangedSchema = z.strictObject({ changed: z.literal(true) });

export type UserAnswer = z.infer<typeof userSchema>;
export type UserListAnswer = z.infer<typeof userListSchema>;
export type ApiKeyAnswer = z.infer<typeof apiKeySchema>;
export type ApiKeyListAnswer = z.infer<typeof apiKeyListSchema>;
export type ApiKeyCreatedAnswer = z.infer<typeof apiKeyCreatedSchema>;
export type MeAnswer = z.infer<typeof meSchema>;
export type SetupStatusAnswer = z.infer<typeof setupStatusSchema>;
export type SetupDoneAnswer = z.infer<typeof setupDoneSchema>;
export type SignedInAnswer = z.infer<typeof signedInSchema>;
export type SignedOutAnswer = z.infer<typeof signedOutSchema>;
export type PasswordChangedAnswer = z.infer<typeof passwordChangedSchema>;

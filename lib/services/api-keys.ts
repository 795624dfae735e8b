import "server-only";
/**
 * API keys: made by a signed-in person (or another key) with a role at most their own,
 * shown once, stored as a hash, revoked at once. A person sees and revokes their own
 * keys; an admin sees and revokes every key.
 */
import type { z } from "zod";
import { ApiError, notFound, type Actor } from "@/lib/http";
import { generateApiKey } from "@/lib/auth/api-key-format";
import { can, describeRoles, roleWithin, ROLES } from "@/lib/auth/roles";
import { storage, type ApiKeyRow } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { ApiKeyAnswer, ApiKeyCreatedAnswer } from "./account-answers";
import type { createApiKeyBody } from "./user-params";
import { toIsoTimestamp } from "@/lib/db/timestamps";

/** A key's record as answers show it (./account-answers.ts). */
export type ApiKeyDto = ApiKeyAnswer;

const toDto = (k: ApiKeyRow): ApiKeyDto => {
  const { created_by_id, created_by_type, ...rest } = k;
  return { ...rest, created_by: { type: created_by_type, id: created_by_id } };
};

const seesAll = (actor: Actor) => actor.role !== null && can(actor.role, "admin");

export async function listApiKeys(actor: Actor): Promise<ApiKeyDto[]> {
  return (await storage().apiKeys.list(seesAll(actor) ? undefined : actor.id)).map(toDto);
}

export async function createApiKey(input: z.infer<typeof createApiKeyBody>, actor: Actor): Promise<ApiKeyCreatedAnswer> {
  if (actor.role === null) throw new ApiError("forbidden", "only people and API keys make API keys");
  if (!roleWithin(input.role, actor.role)) {
    const allowed = ROLES.filter((r) => roleWithin(r, actor.role!));
    throw new ApiError("forbidden", `a key's role is at most its creator's: with the ${actor.role} role you can make keys with ${describeRoles(allowed)}`);
  }
  const now = Date.now();
  const expiresAt = input.expires_at === undefined ? null : new Date(input.expires_at);
  if (expiresAt && expiresAt.getTime() <= now) throw new ApiError("invalid_body", undefined, { issues: [{ path: "expires_at", message: "must be in the future" }] });
  const material = generateApiKey();
  const id = newId();
  const at = new Date(now);
  return storage().transaction(async (tx) => {
    await tx.apiKeys.insert({ id, name: input.name, role: input.role, prefix: material.prefix, hash: material.hash, createdById: actor.id, createdByType: actor.type, at, expiresAt });
    await tx.audit.append({ action: "api_key.create", actor, targetType: "api_key", targetId: id, details: { name: input.name, role: input.role, prefix: material.prefix, expires_at: expiresAt ? toIsoTimestamp(expiresAt) : null }, at });
    return { ...toDto((await tx.apiKeys.find(id))!), key: material.key };
  });
}

export async function revokeApiKey(id: string, actor: Actor): Promise<void> {
  const at = new Date();
  await storage().transaction(async (tx) => {
    const key = await tx.apiKeys.find(id);
    // Another person's key is as unknown to you as a key that does not exist.
    if (!key || (!seesAll(actor) && key.created_by_id !== actor.id)) throw notFound("API key not found");
    if (await tx.apiKeys.revoke(id, at)) await tx.audit.append({ action: "api_key.revoke", actor, targetType: "api_key", targetId: id, details: { name: key.name, prefix: key.prefix }, at });
  });
}

import "server-only";
/**
 * People: the owner account made at first run, and the users admins add, change and
 * remove. Every change is one transaction with its audit row. Disabling or removing a user
 * ends their sessions at once and revokes the API keys they made; lowering a role revokes
 * their keys whose role the new one no longer covers. The last active admin cannot be
 * demoted, disabled or removed (nobody could manage the install any more).
 */
import type { z } from "zod";
import { ApiError, notFound, type Actor } from "@/lib/http";
import { hashPassword } from "@/lib/auth/better-auth";
import { roleWithin, type Role } from "@/lib/auth/roles";
import { storage, type StorageTx, type UserRow } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { UserAnswer } from "./account-answers";
import type { createUserBody, patchUserBody } from "./user-params";

/** A user as answers show it (./account-answers.ts). */
export type UserDto = UserAnswer;

const toDto = (u: UserRow): UserDto => ({ id: u.id, name: u.name, email: u.email, role: u.role, disabled: u.disabled, created_at: u.created_at, updated_at: u.updated_at });

export async function listUsers(): Promise<UserDto[]> {
  return (await storage().users.list()).map(toDto);
}

export async function hasUsers(): Promise<boolean> {
  return (await storage().users.count()) > 0;
}

/**
 * Inserts a user with its password (hashed first, outside the transaction: hashing takes
 * tens of milliseconds). `firstOnly`: refused unless there is no user yet (owner setup).
 */
export async function addUser(input: z.infer<typeof createUserBody>, actor: Actor | "self", options: { firstOnly?: boolean } = {}): Promise<UserDto> {
  const passwordHash = await hashPassword(input.password);
  const at = new Date();
  const id = newId();
  return storage().transaction(async (tx) => {
    if (options.firstOnly && (await tx.users.count()) > 0) throw new ApiError("already_set_up");
    if (await tx.users.find({ email: input.email })) throw new ApiError("already_exists", `a user with the email ${input.email} exists already`);
    await tx.users.insert({ id, name: input.name, email: input.email, role: input.role, passwordHash, at }, newId());
    const created = (await tx.users.find({ id }))!;
    const by: Actor = actor === "self" ? { type: "user", id, name: created.name, role: created.role, email: created.email } : actor;
    await tx.audit.append({ action: options.firstOnly ? "auth.setup" : "user.create", actor: by, targetType: "user", targetId: id, details: { email: created.email, role: created.role }, at });
    return toDto(created);
  });
}

export async function updateUser(id: string, patch: z.infer<typeof patchUserBody>, actor: Actor): Promise<UserDto> {
  const at = new Date();
  return storage().transaction(async (tx) => {
    const before = await tx.users.find({ id });
    if (!before) throw notFound("user not found");
    const losesAdmin = before.role === "admin" && !before.disabled && ((patch.role !== undefined && patch.role !== "admin") || patch.disabled === true);
    if (losesAdmin && (await tx.users.countActiveAdmins()) <= 1) throw new ApiError("bad_state", "this is the last active admin: make another admin first");
    await tx.users.update(id, patch, at);
    const changes: Record<string, unknown> = {};
    if (patch.role !== undefined && patch.role !== before.role) changes.role = { from: before.role, to: patch.role };
    if (patch.disabled !== undefined && patch.disabled !== before.disabled) changes.disabled = patch.disabled;
    if (patch.name !== undefined && patch.name !== before.name) changes.name = { from: before.name, to: patch.name };
    if (patch.disabled === true) changes.sessions_ended = await tx.users.deleteSessions(id);
    const revoked = await revokeKeysBeyond(tx, id, patch.disabled === true ? null : (patch.role ?? before.role), at);
    if (revoked.length > 0) changes.api_keys_revoked = revoked;
    if (Object.keys(changes).length > 0) await tx.audit.append({ action: "user.update", actor, targetType: "user", targetId: id, details: { email: before.email, ...changes }, at });
    return toDto((await tx.users.find({ id }))!);
  });
}

export async function removeUser(id: string, actor: Actor): Promise<void> {
  const at = new Date();
  await storage().transaction(async (tx) => {
    const before = await tx.users.find({ id });
    if (!before) throw notFound("user not found");
    if (before.role === "admin" && !before.disabled && (await tx.users.countActiveAdmins()) <= 1) throw new ApiError("bad_state", "this is the last active admin: make another admin first");
    const revoked = await revokeKeysBeyond(tx, id, null, at);
    await tx.users.delete(id);
    await tx.audit.append({ action: "user.delete", actor, targetType: "user", targetId: id, details: { email: before.email, role: before.role, ...(revoked.length ? { api_keys_revoked: revoked } : {}) }, at });
  });
}

/** Revokes the live keys `userId` made whose role is not within `role` (all of them for null); their ids. */
async function revokeKeysBeyond(tx: StorageTx, userId: string, role: Role | null, at: Date): Promise<string[]> {
  const revoked: string[] = [];
  for (const key of await tx.apiKeys.liveCreatedBy(userId)) {
    if (role !== null && roleWithin(key.role, role)) continue;
    if (await tx.apiKeys.revoke(key.id, at)) revoked.push(key.id);
  }
  return revoked;
}

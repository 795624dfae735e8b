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
import { liveKeysCreatedBy, revokeApiKeyRow } from "@/lib/db/api-keys";
import { appendAudit } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { writeTransaction, type Tx } from "@/lib/db/transaction";
import { countActiveAdmins, countUsers, deleteUserRow, deleteUserSessions, findUserRow, insertUser, listUserRows, updateUserRow, type UserRow } from "@/lib/db/users";
import type { UserAnswer } from "./account-answers";
import type { createUserBody, patchUserBody } from "./user-params";

/** A user as answers show it (./account-answers.ts). */
export type UserDto = UserAnswer;

const toDto = (u: UserRow): UserDto => ({ id: u.id, name: u.name, email: u.email, role: u.role, disabled: u.disabled, created_at: u.created_at, updated_at: u.updated_at });

export function listUsers(): UserDto[] {
  return listUserRows(db().sqlite).map(toDto);
}

export function hasUsers(): boolean {
  return countUsers(db().sqlite) > 0;
}

/**
 * Inserts a user with its password (hashed first, outside the transaction: hashing takes
 * tens of milliseconds). `firstOnly`: refused unless there is no user yet (owner setup).
 */
export async function addUser(input: z.infer<typeof createUserBody>, actor: Actor | "self", options: { firstOnly?: boolean } = {}): Promise<UserDto> {
  const passwordHash = await hashPassword(input.password);
  const at = new Date();
  const id = newId();
  return writeTransaction((tx) => {
    if (options.firstOnly && countUsers(tx) > 0) throw new ApiError("already_set_up");
    if (findUserRow(tx, { email: input.email })) throw new ApiError("already_exists", `a user with the email ${input.email} exists already`);
    insertUser(tx, { id, name: input.name, email: input.email, role: input.role, passwordHash, at }, newId());
    const created = findUserRow(tx, { id })!;
    const by: Actor = actor === "self" ? { type: "user", id, name: created.name, role: created.role, email: created.email } : actor;
    appendAudit(tx, { action: options.firstOnly ? "auth.setup" : "user.create", actor: by, targetType: "user", targetId: id, details: { email: created.email, role: created.role }, at });
    return toDto(created);
  });
}

export function updateUser(id: string, patch: z.infer<typeof patchUserBody>, actor: Actor): UserDto {
  const at = new Date();
  return writeTransaction((tx) => {
    const before = findUserRow(tx, { id });
    if (!before) throw notFound("user not found");
    const losesAdmin = before.role === "admin" && !before.disabled && ((patch.role !== undefined && patch.role !== "admin") || patch.disabled === true);
    if (losesAdmin && countActiveAdmins(tx) <= 1) throw new ApiError("bad_state", "this is the last active admin: make another admin first");
    updateUserRow(tx, id, patch, at);
    const changes: Record<string, unknown> = {};
    if (patch.role !== undefined && patch.role !== before.role) changes.role = { from: before.role, to: patch.role };
    if (patch.disabled !== undefined && patch.disabled !== before.disabled) changes.disabled = patch.disabled;
    if (patch.name !== undefined && patch.name !== before.name) changes.name = { from: before.name, to: patch.name };
    if (patch.disabled === true) changes.sessions_ended = deleteUserSessions(tx, id);
    const revoked = revokeKeysBeyond(tx, id, patch.disabled === true ? null : (patch.role ?? before.role), at);
    if (revoked.length > 0) changes.api_keys_revoked = revoked;
    if (Object.keys(changes).length > 0) appendAudit(tx, { action: "user.update", actor, targetType: "user", targetId: id, details: { email: before.email, ...changes }, at });
    return toDto(findUserRow(tx, { id })!);
  });
}

export function removeUser(id: string, actor: Actor): void {
  const at = new Date();
  writeTransaction((tx) => {
    const before = findUserRow(tx, { id });
    if (!before) throw notFound("user not found");
    if (before.role === "admin" && !before.disabled && countActiveAdmins(tx) <= 1) throw new ApiError("bad_state", "this is the last active admin: make another admin first");
    const revoked = revokeKeysBeyond(tx, id, null, at);
    deleteUserRow(tx, id);
    appendAudit(tx, { action: "user.delete", actor, targetType: "user", targetId: id, details: { email: before.email, role: before.role, ...(revoked.length ? { api_keys_revoked: revoked } : {}) }, at });
  });
}

/** Revokes the live keys `userId` made whose role is not within `role` (all of them for null); their ids. */
function revokeKeysBeyond(tx: Tx, userId: string, role: Role | null, at: Date): string[] {
  const revoked: string[] = [];
  for (const key of liveKeysCreatedBy(tx, userId)) {
    if (role !== null && roleWithin(key.role, role)) continue;
    if (revokeApiKeyRow(tx, key.id, at)) revoked.push(key.id);
  }
  return revoked;
}

import "server-only";
/**
 * Users, their credentials and sessions (better-auth's tables, lib/auth/better-auth.ts).
 * better-auth reads them at sign-in and on every session lookup; Switchyard writes users
 * here, in the same transaction as their audit rows.
 */
import type Database from "better-sqlite3";
import type { Role } from "@/lib/auth/roles";
import { stmt } from "./statement-cache";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";
import type { UserRow, NewUser } from "./ports";

export type { UserRow, NewUser } from "./ports";

interface RawUser {
  id: string;
  name: string;
  email: string;
  role: string;
  disabled: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = "id, name, email, role, disabled, created_at, updated_at";

function fromRaw(r: RawUser): UserRow {
  return { ...r, role: r.role as Role, disabled: r.disabled === 1, created_at: toIsoTimestamp(r.created_at), updated_at: toIsoTimestamp(r.updated_at) };
}

export function countUsers(conn: Database.Database): number {
  return stmt(conn, "SELECT count(*) FROM users").pluck().get() as number;
}

export function findUserRow(conn: Database.Database, by: { id: string } | { email: string }): UserRow | undefined {
  const raw = ("id" in by
    ? stmt(conn, `SELECT ${COLUMNS} FROM users WHERE id = ?`).get(by.id)
    : stmt(conn, `SELECT ${COLUMNS} FROM users WHERE email = ?`).get(by.email.toLowerCase())) as RawUser | undefined;
  return raw && fromRaw(raw);
}

/** Users by email (emails are unique and lower-case). */
export function listUserRows(conn: Database.Database): UserRow[] {
  return (stmt(conn, `SELECT ${COLUMNS} FROM users ORDER BY email`).all() as RawUser[]).map(fromRaw);
}

/** Admins who are not disabled (the last one cannot be demoted, disabled or deleted). */
export function countActiveAdmins(conn: Database.Database): number {
  return stmt(conn, "SELECT count(*) FROM users WHERE role = 'admin' AND disabled = 0").pluck().get() as number;
}

/** Inserts the user and its password credential (better-auth's `credential` account). */
export function insertUser(tx: Database.Database, u: NewUser, accountId: string): void {
  const at = toSqlTimestamp(u.at);
  stmt(tx, "INSERT INTO users (id, name, email, email_verified, role, disabled, created_at, updated_at) VALUES (?, ?, ?, 1, ?, 0, ?, ?)").run(u.id, u.name, u.email.toLowerCase(), u.role, at, at);
  stmt(tx, "INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES (?, ?, 'credential', ?, ?, ?, ?)").run(accountId, u.id, u.id, u.passwordHash, at, at);
}

export function updateUserRow(tx: Database.Database, id: string, patch: { role?: Role; disabled?: boolean; name?: string }, at: Date): void {
  if (patch.name !== undefined) stmt(tx, "UPDATE users SET name = ?, updated_at = ? WHERE id = ?").run(patch.name, toSqlTimestamp(at), id);
  if (patch.role !== undefined) stmt(tx, "UPDATE users SET role = ?, updated_at = ? WHERE id = ?").run(patch.role, toSqlTimestamp(at), id);
  if (patch.disabled !== undefined) stmt(tx, "UPDATE users SET disabled = ?, updated_at = ? WHERE id = ?").run(patch.disabled ? 1 : 0, toSqlTimestamp(at), id);
}

/** Ends every session of the user at once (sessions are looked up in the database on every request). */
export function deleteUserSessions(tx: Database.Database, userId: string): number {
  return stmt(tx, "DELETE FROM sessions WHERE user_id = ?").run(userId).changes;
}

export function deleteUserRow(tx: Database.Database, id: string): void {
  stmt(tx, "DELETE FROM sessions WHERE user_id = ?").run(id);
  stmt(tx, "DELETE FROM accounts WHERE user_id = ?").run(id);
  stmt(tx, "DELETE FROM users WHERE id = ?").run(id);
}

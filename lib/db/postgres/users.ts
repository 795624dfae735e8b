/** Users, their credentials and sessions on PostgreSQL (lib/db/users.ts on SQLite). */
import type { Role } from "@/lib/auth/roles";
import type { NewUser, UserRow } from "../ports";
import { Params, type Sql } from "./sql";
import { iso } from "./times";

interface RawUser {
  id: string;
  name: string;
  email: string;
  role: string;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = "id, name, email, role, disabled, created_at, updated_at";

const fromRaw = (r: RawUser): UserRow => ({ ...r, role: r.role as Role, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

export async function countUsers(sql: Sql): Promise<number> {
  return (await sql.first<{ n: number }>("SELECT count(*) AS n FROM users"))!.n;
}

export async function findUserRow(sql: Sql, by: { id: string } | { email: string }): Promise<UserRow | undefined> {
  const raw =
    "id" in by
      ? await sql.first<RawUser>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [by.id])
      : await sql.first<RawUser>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [by.email.toLowerCase()]);
  return raw && fromRaw(raw);
}

/** Users by email, byte-wise as SQLite orders them. */
export async function listUserRows(sql: Sql): Promise<UserRow[]> {
  return (await sql.rows<RawUser>(`SELECT ${COLUMNS} FROM users ORDER BY email COLLATE "C"`)).map(fromRaw);
}

export async function countActiveAdmins(sql: Sql): Promise<number> {
  return (await sql.first<{ n: number }>("SELECT count(*) AS n FROM users WHERE role = 'admin' AND NOT disabled"))!.n;
}

/** The user and its password credential, in one statement. */
export async function insertUser(sql: Sql, u: NewUser, accountId: string): Promise<void> {
  await sql.run(
    `WITH u AS (INSERT INTO users (id, name, email, email_verified, role, disabled, created_at, updated_at) VALUES ($1, $2, $3, true, $4, false, $5, $5) RETURNING id)
     INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at) SELECT $6::text, u.id, 'credential', u.id, $7::text, $5, $5 FROM u`,
    [u.id, u.name, u.email.toLowerCase(), u.role, u.at, accountId, u.passwordHash],
  );
}

/** Sets the fields `patch` gives and `updated_at`; nothing when it gives none. */
export async function updateUserRow(sql: Sql, id: string, patch: { role?: Role; disabled?: boolean; name?: string }, at: Date): Promise<void> {
  const p = new Params();
  const sets = [
    ...(patch.name === undefined ? [] : [`name = ${p.add(patch.name)}`]),
    ...(patch.role === undefined ? [] : [`role = ${p.add(patch.role)}`]),
    ...(patch.disabled === undefined ? [] : [`disabled = ${p.add(patch.disabled)}`]),
  ];
  if (sets.length === 0) return;
  await sql.run(`UPDATE users SET ${sets.join(", ")}, updated_at = ${p.add(at)} WHERE id = ${p.add(id)}`, p.values);
}

/** Ends every session of the user at once; how many there were. */
export function deleteUserSessions(sql: Sql, userId: string): Promise<number> {
  return sql.run("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/** The user with its sessions and credentials, in one statement. */
export async function deleteUserRow(sql: Sql, id: string): Promise<void> {
  await sql.run(
    `WITH s AS (DELETE FROM sessions WHERE user_id = $1), a AS (DELETE FROM accounts WHERE user_id = $1)
     DELETE FROM users WHERE id = $1`,
    [id],
  );
}

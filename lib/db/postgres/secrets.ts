/** The `secrets` table on PostgreSQL (lib/db/secrets.ts on SQLite): names, timestamps and sealed values. */
import type { Sealed } from "@/lib/secrets/cipher";
import type { SecretMeta } from "../ports";
import type { Sql } from "./sql";
import { iso } from "./times";

interface MetaRow {
  name: string;
  created_at: Date;
  updated_at: Date;
}

const toMeta = (r: MetaRow): SecretMeta => ({ name: r.name, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

/** By name, byte-wise as on SQLite. */
const BY_NAME = `ORDER BY name COLLATE "C"`;

export async function listSecretRows(sql: Sql): Promise<SecretMeta[]> {
  return (await sql.rows<MetaRow>(`SELECT name, created_at, updated_at FROM secrets ${BY_NAME}`)).map(toMeta);
}

export async function listSecretNames(sql: Sql): Promise<string[]> {
  return (await sql.rows<{ name: string }>(`SELECT name FROM secrets ${BY_NAME}`)).map((r) => r.name);
}

export async function findSecretMeta(sql: Sql, name: string): Promise<SecretMeta | null> {
  const row = await sql.first<MetaRow>("SELECT name, created_at, updated_at FROM secrets WHERE name = $1", [name]);
  return row ? toMeta(row) : null;
}

/** The sealed values of the names that exist, in the order asked. */
export async function readSealed(sql: Sql, names: readonly string[]): Promise<Map<string, Sealed>> {
  const out = new Map<string, Sealed>();
  if (names.length === 0) return out;
  const rows = await sql.rows<{ name: string; ciphertext: Buffer; iv: Buffer; auth_tag: Buffer }>("SELECT name, ciphertext, iv, auth_tag FROM secrets WHERE name = ANY($1)", [[...names]]);
  const byName = new Map(rows.map((r) => [r.name, r]));
  for (const name of names) {
    const row = byName.get(name);
    if (row) out.set(name, { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag });
  }
  return out;
}

export async function insertSecretRow(sql: Sql, name: string, sealed: Sealed, at: Date): Promise<void> {
  await sql.run("INSERT INTO secrets (name, ciphertext, iv, auth_tag, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)", [name, sealed.ciphertext, sealed.iv, sealed.authTag, at]);
}

/** False when no such secret exists. */
export async function updateSecretRow(sql: Sql, name: string, sealed: Sealed, at: Date): Promise<boolean> {
  return (await sql.run("UPDATE secrets SET ciphertext = $1, iv = $2, auth_tag = $3, updated_at = $4 WHERE name = $5", [sealed.ciphertext, sealed.iv, sealed.authTag, at, name])) > 0;
}

export async function deleteSecretRow(sql: Sql, name: string): Promise<boolean> {
  return (await sql.run("DELETE FROM secrets WHERE name = $1", [name])) > 0;
}

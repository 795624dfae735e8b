import "server-only";
/** The `secrets` table: names, timestamps and sealed values; nothing here sees plaintext. */
import type Database from "better-sqlite3";
import { stmt } from "@/lib/db/statement-cache";
import { toIsoTimestamp, toSqlTimestamp } from "@/lib/db/timestamps";
import type { Sealed } from "@/lib/secrets/cipher";
import type { SecretMeta } from "./ports";

export type { SecretMeta } from "./ports";

interface MetaRow {
  name: string;
  created_at: string;
  updated_at: string;
}

const toMeta = (r: MetaRow): SecretMeta => ({ name: r.name, created_at: toIsoTimestamp(r.created_at), updated_at: toIsoTimestamp(r.updated_at) });

export function listSecretRows(conn: Database.Database): SecretMeta[] {
  return (stmt(conn, "SELECT name, created_at, updated_at FROM secrets ORDER BY name").all() as MetaRow[]).map(toMeta);
}

/** Every secret's name (validation checks `{secrets.NAME}` against them on each trigger). */
export function listSecretNames(conn: Database.Database): string[] {
  return stmt(conn, "SELECT name FROM secrets ORDER BY name").pluck().all() as string[];
}

export function findSecretMeta(conn: Database.Database, name: string): SecretMeta | null {
  const row = stmt(conn, "SELECT name, created_at, updated_at FROM secrets WHERE name = ?").get(name) as MetaRow | undefined;
  return row ? toMeta(row) : null;
}

export function readSealed(conn: Database.Database, names: readonly string[]): Map<string, Sealed> {
  const select = stmt(conn, "SELECT ciphertext, iv, auth_tag FROM secrets WHERE name = ?");
  const out = new Map<string, Sealed>();
  for (const name of names) {
    const row = select.get(name) as { ciphertext: Buffer; iv: Buffer; auth_tag: Buffer } | undefined;
    if (row) out.set(name, { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag });
  }
  return out;
}

export function insertSecretRow(tx: Database.Database, name: string, sealed: Sealed, at: Date): void {
  const ts = toSqlTimestamp(at);
  stmt(tx, "INSERT INTO secrets (name, ciphertext, iv, auth_tag, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(name, sealed.ciphertext, sealed.iv, sealed.authTag, ts, ts);
}

/** Returns false when no such secret exists. */
export function updateSecretRow(tx: Database.Database, name: string, sealed: Sealed, at: Date): boolean {
  return stmt(tx, "UPDATE secrets SET ciphertext = ?, iv = ?, auth_tag = ?, updated_at = ? WHERE name = ?").run(sealed.ciphertext, sealed.iv, sealed.authTag, toSqlTimestamp(at), name).changes > 0;
}

export function deleteSecretRow(tx: Database.Database, name: string): boolean {
  return stmt(tx, "DELETE FROM secrets WHERE name = ?").run(name).changes > 0;
}

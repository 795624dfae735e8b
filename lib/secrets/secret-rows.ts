import "server-only";
/** The `secrets` table: names, timestamps and sealed values; nothing here sees plaintext. */
import type Database from "better-sqlite3";
import { toIsoTimestamp, toSqlTimestamp } from "@/lib/db/timestamps";
import type { Sealed } from "./cipher";

export interface SecretMeta {
  name: string;
  created_at: string;
  updated_at: string;
}

interface MetaRow {
  name: string;
  created_at: string;
  updated_at: string;
}

const toMeta = (r: MetaRow): SecretMeta => ({ name: r.name, created_at: toIsoTimestamp(r.created_at), updated_at: toIsoTimestamp(r.updated_at) });

export function listSecretRows(conn: Database.Database): SecretMeta[] {
  return (conn.prepare("SELECT name, created_at, updated_at FROM secrets ORDER BY name").all() as MetaRow[]).map(toMeta);
}

export function findSecretMeta(conn: Database.Database, name: string): SecretMeta | null {
  const row = conn.prepare("SELECT name, created_at, updated_at FROM secrets WHERE name = ?").get(name) as MetaRow | undefined;
  return row ? toMeta(row) : null;
}

export function readSealed(conn: Database.Database, names: readonly string[]): Map<string, Sealed> {
  const stmt = conn.prepare("SELECT ciphertext, iv, auth_tag FROM secrets WHERE name = ?");
  const out = new Map<string, Sealed>();
  for (const name of names) {
    const row = stmt.get(name) as { ciphertext: Buffer; iv: Buffer; auth_tag: Buffer } | undefined;
    if (row) out.set(name, { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag });
  }
  return out;
}

export function insertSecretRow(tx: Database.Database, name: string, sealed: Sealed, at: Date): void {
  const ts = toSqlTimestamp(at);
  tx.prepare("INSERT INTO secrets (name, ciphertext, iv, auth_tag, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(name, sealed.ciphertext, sealed.iv, sealed.authTag, ts, ts);
}

/** Returns false when no such secret exists. */
export function updateSecretRow(tx: Database.Database, name: string, sealed: Sealed, at: Date): boolean {
  return tx.prepare("UPDATE secrets SET ciphertext = ?, iv = ?, auth_tag = ?, updated_at = ? WHERE name = ?").run(sealed.ciphertext, sealed.iv, sealed.authTag, toSqlTimestamp(at), name).changes > 0;
}

export function deleteSecretRow(tx: Database.Database, name: string): boolean {
  return tx.prepare("DELETE FROM secrets WHERE name = ?").run(name).changes > 0;
}

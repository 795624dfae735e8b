import "server-only";
/** API keys: the SHA-256 of each key, never the key (lib/auth/api-keys.ts makes and checks them). */
import type Database from "better-sqlite3";
import type { Role } from "@/lib/auth/roles";
import { stmt } from "./statement-cache";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";
import type { ApiKeyRow, NewApiKey } from "./ports";

export type { ApiKeyRow, NewApiKey } from "./ports";

interface RawKey extends Omit<ApiKeyRow, "role"> {
  role: string;
}

const COLUMNS = "id, name, role, prefix, created_by_id, created_by_type, created_at, expires_at, last_used_at, revoked_at";

function fromRaw(r: RawKey): ApiKeyRow {
  const iso = (v: string | null) => (v === null ? null : toIsoTimestamp(v));
  return { ...r, role: r.role as Role, created_at: toIsoTimestamp(r.created_at), expires_at: iso(r.expires_at), last_used_at: iso(r.last_used_at), revoked_at: iso(r.revoked_at) };
}

export function findApiKeyByHash(conn: Database.Database, hash: string): ApiKeyRow | undefined {
  const raw = stmt(conn, `SELECT ${COLUMNS} FROM api_keys WHERE hash = ?`).get(hash) as RawKey | undefined;
  return raw && fromRaw(raw);
}

export function findApiKeyRow(conn: Database.Database, id: string): ApiKeyRow | undefined {
  const raw = stmt(conn, `SELECT ${COLUMNS} FROM api_keys WHERE id = ?`).get(id) as RawKey | undefined;
  return raw && fromRaw(raw);
}

/**
 * Who is behind a key: its maker or, for a key made with another key, that key's maker, up
 * the chain to a person (or to the bootstrap token, or a key since deleted). Gates count a
 * key as this party, so minting a key with one's own key does not make a second person.
 */
export function keyOwner(conn: Database.Database, key: Pick<ApiKeyRow, "created_by_id" | "created_by_type">): string {
  let { created_by_id: owner, created_by_type: type } = key;
  for (let hops = 0; type === "api_key" && hops < 32; hops++) {
    const maker = findApiKeyRow(conn, owner);
    if (!maker) break;
    ({ created_by_id: owner, created_by_type: type } = maker);
  }
  return owner;
}

/** Keys newest first; `createdById` limits them to one creator's. Revoked keys are listed too (as revoked). */
export function listApiKeyRows(conn: Database.Database, createdById?: string): ApiKeyRow[] {
  const rows = (createdById === undefined
    ? stmt(conn, `SELECT ${COLUMNS} FROM api_keys ORDER BY created_at DESC, id`).all()
    : stmt(conn, `SELECT ${COLUMNS} FROM api_keys WHERE created_by_id = ? ORDER BY created_at DESC, id`).all(createdById)) as RawKey[];
  return rows.map(fromRaw);
}

export function insertApiKey(tx: Database.Database, k: NewApiKey): void {
  stmt(tx, "INSERT INTO api_keys (id, name, role, prefix, hash, created_by_id, created_by_type, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
    k.id, k.name, k.role, k.prefix, k.hash, k.createdById, k.createdByType, toSqlTimestamp(k.at), k.expiresAt && toSqlTimestamp(k.expiresAt),
  );
}

/** Marks the key revoked (it stops working at once); false when it was already. */
export function revokeApiKeyRow(tx: Database.Database, id: string, at: Date): boolean {
  return stmt(tx, "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(toSqlTimestamp(at), id).changes === 1;
}

/** The live keys a user created, for revoking what a demoted or removed user handed out. */
export function liveKeysCreatedBy(conn: Database.Database, createdById: string): ApiKeyRow[] {
  return (stmt(conn, `SELECT ${COLUMNS} FROM api_keys WHERE created_by_id = ? AND revoked_at IS NULL`).all(createdById) as RawKey[]).map(fromRaw);
}

export function touchApiKey(conn: Database.Database, id: string, at: Date): void {
  stmt(conn, "UPDATE api_keys SET last_used_at = ? WHERE id = ?").run(toSqlTimestamp(at), id);
}

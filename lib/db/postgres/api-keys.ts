/** API keys on PostgreSQL (lib/db/api-keys.ts on SQLite): the SHA-256 of each key, never the key. */
import type { Role } from "@/lib/auth/roles";
import type { ApiKeyRow, NewApiKey } from "../ports";
import type { Sql } from "./sql";
import { iso, isoOrNull } from "./times";

interface RawKey extends Omit<ApiKeyRow, "role" | "created_at" | "expires_at" | "last_used_at" | "revoked_at"> {
  role: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = "id, name, role, prefix, created_by_id, created_by_type, created_at, expires_at, last_used_at, revoked_at";
/** Newest first; ties by id, byte-wise as on SQLite. */
const ORDER = `ORDER BY created_at DESC, id COLLATE "C"`;

const fromRaw = (r: RawKey): ApiKeyRow => ({
  ...r,
  role: r.role as Role,
  created_at: iso(r.created_at),
  expires_at: isoOrNull(r.expires_at),
  last_used_at: isoOrNull(r.last_used_at),
  revoked_at: isoOrNull(r.revoked_at),
});

export async function findApiKeyByHash(sql: Sql, hash: string): Promise<ApiKeyRow | undefined> {
  const raw = await sql.first<RawKey>(`SELECT ${COLUMNS} FROM api_keys WHERE hash = $1`, [hash]);
  return raw && fromRaw(raw);
}

export async function findApiKeyRow(sql: Sql, id: string): Promise<ApiKeyRow | undefined> {
  const raw = await sql.first<RawKey>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id]);
  return raw && fromRaw(raw);
}

/** Who is behind a key: up the chain of keys made with keys to a person (or the bootstrap token, or a key since deleted). */
export async function keyOwner(sql: Sql, key: Pick<ApiKeyRow, "created_by_id" | "created_by_type">): Promise<string> {
  let { created_by_id: owner, created_by_type: type } = key;
  for (let hops = 0; type === "api_key" && hops < 32; hops++) {
    const maker = await findApiKeyRow(sql, owner);
    if (!maker) break;
    ({ created_by_id: owner, created_by_type: type } = maker);
  }
  return owner;
}

export async function listApiKeyRows(sql: Sql, createdById?: string): Promise<ApiKeyRow[]> {
  const rows =
    createdById === undefined
      ? await sql.rows<RawKey>(`SELECT ${COLUMNS} FROM api_keys ${ORDER}`)
      : await sql.rows<RawKey>(`SELECT ${COLUMNS} FROM api_keys WHERE created_by_id = $1 ${ORDER}`, [createdById]);
  return rows.map(fromRaw);
}

export async function insertApiKey(sql: Sql, k: NewApiKey): Promise<void> {
  await sql.run("INSERT INTO api_keys (id, name, role, prefix, hash, created_by_id, created_by_type, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)", [
    k.id, k.name, k.role, k.prefix, k.hash, k.createdById, k.createdByType, k.at, k.expiresAt,
  ]);
}

/** Marks the key revoked; false when it was already (or is unknown). */
export async function revokeApiKeyRow(sql: Sql, id: string, at: Date): Promise<boolean> {
  return (await sql.run("UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL", [at, id])) === 1;
}

export async function liveKeysCreatedBy(sql: Sql, createdById: string): Promise<ApiKeyRow[]> {
  return (await sql.rows<RawKey>(`SELECT ${COLUMNS} FROM api_keys WHERE created_by_id = $1 AND revoked_at IS NULL`, [createdById])).map(fromRaw);
}

export async function touchApiKey(sql: Sql, id: string, at: Date): Promise<void> {
  await sql.run("UPDATE api_keys SET last_used_at = $1 WHERE id = $2", [at, id]);
}

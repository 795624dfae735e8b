/** Webhooks on PostgreSQL (lib/db/hooks.ts on SQLite); only hooks of live workflows are found. */
import type { Sealed } from "@/lib/secrets/cipher";
import type { HookForTrigger, HookRow, NewHook } from "../ports";
import type { Sql } from "./sql";
import { iso, isoOrNull } from "./times";

interface RawHook {
  id: string;
  workflow_id: string;
  enabled: boolean;
  created_at: Date;
  rotated_at: Date;
  last_triggered_at: Date | null;
  created_by_id: string;
}

interface RawTriggerHook extends RawHook {
  workflow_name: string;
  secret_ciphertext: Buffer;
  secret_iv: Buffer;
  secret_auth_tag: Buffer;
}

const COLUMNS = "h.id, h.workflow_id, h.enabled, h.created_at, h.rotated_at, h.last_triggered_at, h.created_by_id";
const LIVE = "FROM hooks h JOIN workflows w ON w.id = h.workflow_id AND w.deleted_at IS NULL";

const fromRaw = (r: RawHook): HookRow => ({
  id: r.id,
  workflow_id: r.workflow_id,
  enabled: r.enabled,
  created_at: iso(r.created_at),
  rotated_at: iso(r.rotated_at),
  last_triggered_at: isoOrNull(r.last_triggered_at),
  created_by_id: r.created_by_id,
});

export async function findHookByWorkflow(sql: Sql, workflowId: string): Promise<HookRow | undefined> {
  const raw = await sql.first<RawHook>(`SELECT ${COLUMNS} ${LIVE} WHERE h.workflow_id = $1`, [workflowId]);
  return raw && fromRaw(raw);
}

export async function findHookForTrigger(sql: Sql, id: string): Promise<HookForTrigger | undefined> {
  const raw = await sql.first<RawTriggerHook>(`SELECT ${COLUMNS}, w.name AS workflow_name, h.secret_ciphertext, h.secret_iv, h.secret_auth_tag ${LIVE} WHERE h.id = $1`, [id]);
  if (!raw) return undefined;
  return { ...fromRaw(raw), workflow_name: raw.workflow_name, sealed: { ciphertext: raw.secret_ciphertext, iv: raw.secret_iv, authTag: raw.secret_auth_tag } };
}

export async function insertHook(sql: Sql, h: NewHook): Promise<void> {
  await sql.run(
    "INSERT INTO hooks (id, workflow_id, enabled, secret_ciphertext, secret_iv, secret_auth_tag, created_at, rotated_at, created_by_id) VALUES ($1, $2, true, $3, $4, $5, $6, $6, $7)",
    [h.id, h.workflowId, h.sealed.ciphertext, h.sealed.iv, h.sealed.authTag, h.at, h.createdById],
  );
}

export async function rotateHookSecret(sql: Sql, { id, sealed, at }: { id: string; sealed: Sealed; at: Date }): Promise<void> {
  await sql.run("UPDATE hooks SET secret_ciphertext = $1, secret_iv = $2, secret_auth_tag = $3, rotated_at = $4 WHERE id = $5", [sealed.ciphertext, sealed.iv, sealed.authTag, at, id]);
}

export async function setHookEnabled(sql: Sql, { id, enabled }: { id: string; enabled: boolean }): Promise<void> {
  await sql.run("UPDATE hooks SET enabled = $1 WHERE id = $2", [enabled, id]);
}

export async function deleteHookRow(sql: Sql, id: string): Promise<void> {
  await sql.run("DELETE FROM hooks WHERE id = $1", [id]);
}

export async function touchHook(sql: Sql, { id, at }: { id: string; at: Date }): Promise<void> {
  await sql.run("UPDATE hooks SET last_triggered_at = $1 WHERE id = $2", [at, id]);
}

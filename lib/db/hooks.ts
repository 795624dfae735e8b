import "server-only";
/**
 * The `hooks` table: a workflow's webhook, its secret sealed (lib/secrets/cipher.ts), never
 * plaintext. Only hooks of live workflows are found: a deleted workflow's hook answers 404.
 */
import type Database from "better-sqlite3";
import type { Sealed } from "@/lib/secrets/cipher";
import { stmt } from "./statement-cache";
import { toIsoTimestamp, toSqlTimestamp } from "./timestamps";
import type { HookRow, HookForTrigger, NewHook } from "./ports";

export type { HookRow, HookForTrigger, NewHook } from "./ports";

interface RawHook extends Omit<HookRow, "enabled"> {
  enabled: number;
}

interface RawTriggerHook extends RawHook {
  workflow_name: string;
  secret_ciphertext: Buffer;
  secret_iv: Buffer;
  secret_auth_tag: Buffer;
}

const COLUMNS = "h.id, h.workflow_id, h.enabled, h.created_at, h.rotated_at, h.last_triggered_at, h.created_by_id";
const LIVE = "FROM hooks h JOIN workflows w ON w.id = h.workflow_id AND w.deleted_at IS NULL";

function fromRaw(r: RawHook): HookRow {
  return {
    id: r.id, workflow_id: r.workflow_id, enabled: r.enabled === 1, created_at: toIsoTimestamp(r.created_at), rotated_at: toIsoTimestamp(r.rotated_at),
    last_triggered_at: r.last_triggered_at === null ? null : toIsoTimestamp(r.last_triggered_at), created_by_id: r.created_by_id,
  };
}

export function findHookByWorkflow(conn: Database.Database, workflowId: string): HookRow | undefined {
  const raw = stmt(conn, `SELECT ${COLUMNS} ${LIVE} WHERE h.workflow_id = ?`).get(workflowId) as RawHook | undefined;
  return raw && fromRaw(raw);
}

/** The hook a call to `/api/hooks/{id}` names, with its sealed secret. */
export function findHookForTrigger(conn: Database.Database, id: string): HookForTrigger | undefined {
  const raw = stmt(conn, `SELECT ${COLUMNS}, w.name AS workflow_name, h.secret_ciphertext, h.secret_iv, h.secret_auth_tag ${LIVE} WHERE h.id = ?`).get(id) as RawTriggerHook | undefined;
  if (!raw) return undefined;
  return { ...fromRaw(raw), workflow_name: raw.workflow_name, sealed: { ciphertext: raw.secret_ciphertext, iv: raw.secret_iv, authTag: raw.secret_auth_tag } };
}

export function insertHook(tx: Database.Database, h: NewHook): void {
  const at = toSqlTimestamp(h.at);
  stmt(tx, "INSERT INTO hooks (id, workflow_id, enabled, secret_ciphertext, secret_iv, secret_auth_tag, created_at, rotated_at, created_by_id) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)").run(
    h.id, h.workflowId, h.sealed.ciphertext, h.sealed.iv, h.sealed.authTag, at, at, h.createdById,
  );
}

/** Replaces the hook's secret: the old one stops working at once. */
export function rotateHookSecret(tx: Database.Database, { id, sealed, at }: { id: string; sealed: Sealed; at: Date }): void {
  stmt(tx, "UPDATE hooks SET secret_ciphertext = ?, secret_iv = ?, secret_auth_tag = ?, rotated_at = ? WHERE id = ?").run(sealed.ciphertext, sealed.iv, sealed.authTag, toSqlTimestamp(at), id);
}

export function setHookEnabled(tx: Database.Database, { id, enabled }: { id: string; enabled: boolean }): void {
  stmt(tx, "UPDATE hooks SET enabled = ? WHERE id = ?").run(enabled ? 1 : 0, id);
}

export function deleteHookRow(tx: Database.Database, id: string): void {
  stmt(tx, "DELETE FROM hooks WHERE id = ?").run(id);
}

export function touchHook(conn: Database.Database, { id, at }: { id: string; at: Date }): void {
  stmt(conn, "UPDATE hooks SET last_triggered_at = ? WHERE id = ?").run(toSqlTimestamp(at), id);
}

/**
 * The audit chain on PostgreSQL (lib/db/audit.ts on SQLite). Appends are serialized by the
 * audit advisory lock, taken in the append's transaction before the chain head is read and
 * held until that transaction ends: of any two appends, from any processes, the second reads
 * the first's row as its head, so the chain never forks. `seq` comes from its sequence while
 * the lock is held, so seq order is chain order (a rolled-back append leaves a gap, which
 * the chain does not see: rows link by hash).
 */
import type { AuditChainRow, AuditEntryRecord, AuditFilter, AuditInput } from "../ports";
import { GENESIS_HASH } from "../audit-hash";
import { auditEntryOf, chainedAuditRow } from "../audit-rows";
import { xactLock } from "./advisory-locks";
import type { PgSession } from "./session";
import { Params, type Sql } from "./sql";
import { storedKey } from "./times";

const COLUMNS = "seq, id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash";

type StoredRow = Omit<AuditChainRow, "created_at"> & { created_at: Date };

const asStored = (r: StoredRow): AuditChainRow => ({ ...r, created_at: storedKey(r.created_at) });

/**
 * Appends one chained row inside the caller's transaction (`sql` must be on it): the lock
 * is held until that transaction commits or rolls back.
 */
export async function appendAuditInTransaction(sql: Sql, input: AuditInput): Promise<AuditEntryRecord> {
  await sql.rows(xactLock("audit"));
  // READ COMMITTED: this statement's snapshot is taken after the lock, so it sees the head every earlier append committed.
  const head = await sql.first<{ hash: string }>("SELECT hash FROM audit_entries ORDER BY seq DESC LIMIT 1");
  const prevHash = head?.hash ?? GENESIS_HASH;
  const at = input.at ?? new Date();
  const { content, detailsJson, hash } = chainedAuditRow(input, prevHash, at);
  const inserted = await sql.first<{ seq: number }>(
    `INSERT INTO audit_entries (id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING seq`,
    [content.id, content.action, content.actor_id, content.actor_type, content.actor_name, content.target_type, content.target_id, detailsJson, at, prevHash, hash],
  );
  return { ...content, seq: inserted!.seq, prev_hash: prevHash, hash };
}

/** Appends one chained row: part of this context's transaction, or a transaction of its own. */
export function appendAudit(session: PgSession, input: AuditInput): Promise<AuditEntryRecord> {
  return session.atomic((sql) => appendAuditInTransaction(sql, input));
}

/** Newest first, filtered; up to `limit` rows. The statement names only the filters given. */
export async function listAuditEntries(sql: Sql, filter: AuditFilter): Promise<AuditEntryRecord[]> {
  const p = new Params();
  const where = [
    ...(filter.action === undefined ? [] : [`action = ${p.add(filter.action)}`]),
    ...(filter.targetType === undefined ? [] : [`target_type = ${p.add(filter.targetType)}`]),
    ...(filter.targetId === undefined ? [] : [`target_id = ${p.add(filter.targetId)}`]),
    ...(filter.actorId === undefined ? [] : [`actor_id = ${p.add(filter.actorId)}`]),
    ...(filter.beforeSeq === undefined ? [] : [`seq < ${p.add(clamp(Math.ceil(filter.beforeSeq)))}`]),
  ];
  const rows = await sql.rows<StoredRow>(
    `SELECT ${COLUMNS} FROM audit_entries ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq DESC LIMIT ${p.add(filter.limit)}`,
    p.values,
  );
  return rows.map((r) => auditEntryOf(asStored(r)));
}

/** Rows in chain order after `afterSeq`, as stored (`created_at` in SQLite's stored form). */
export async function readAuditChainPage(sql: Sql, { afterSeq, limit }: { afterSeq: number; limit: number }): Promise<AuditChainRow[]> {
  const rows = await sql.rows<StoredRow>(`SELECT ${COLUMNS} FROM audit_entries WHERE seq > $1 ORDER BY seq ASC LIMIT $2`, [clamp(Math.floor(afterSeq)), limit]);
  return rows.map(asStored);
}

export async function auditRowHash(sql: Sql, seq: number): Promise<string | undefined> {
  if (!Number.isSafeInteger(seq) || Math.abs(seq) > INT_MAX) return undefined;
  return (await sql.first<{ hash: string }>("SELECT hash FROM audit_entries WHERE seq = $1", [seq]))?.hash;
}

/** `seq` is an `integer` column: a bound past it is clamped (the answer is the same). */
const INT_MAX = 2 ** 31 - 1;
const clamp = (n: number) => Math.max(-INT_MAX, Math.min(INT_MAX, n));

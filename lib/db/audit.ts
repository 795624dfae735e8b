import "server-only";
import type Database from "better-sqlite3";
import { db } from "./client";
import { GENESIS_HASH } from "./audit-hash";
import { toSqlTimestamp } from "./timestamps";
import { stmt } from "./statement-cache";
import { auditEntryOf as fromRaw, chainedAuditRow } from "./audit-rows";

export { auditEntryOf } from "./audit-rows";
import type { AuditChainRow, AuditInput, AuditEntryRecord, AuditFilter } from "./ports";

export type { AuditAction, AuditActor, AuditChainRow, AuditInput, AuditEntryRecord, AuditFilter } from "./ports";


/**
 * Appends one chained row. Call it with the raw connection inside the same transaction
 * as the change it records (`writeTransaction`, or the run store's own `.immediate()`
 * transaction): reading the chain head and inserting must be one atomic step. Called
 * outside a transaction it opens its own `BEGIN IMMEDIATE`.
 */
export function appendAudit(conn: Database.Database, input: AuditInput): AuditEntryRecord {
  const write = () => {
    const head = stmt(conn, "SELECT hash FROM audit_entries ORDER BY seq DESC LIMIT 1").get() as { hash: string } | undefined;
    const prevHash = head?.hash ?? GENESIS_HASH;
    const at = input.at ?? new Date();
    const { content, detailsJson, hash } = chainedAuditRow(input, prevHash, at);
    const info = stmt(conn, 
        `INSERT INTO audit_entries (id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(content.id, content.action, content.actor_id, content.actor_type, content.actor_name, content.target_type, content.target_id, detailsJson, toSqlTimestamp(at), prevHash, hash);
    return { ...content, seq: Number(info.lastInsertRowid), prev_hash: prevHash, hash };
  };
  return conn.inTransaction ? write() : conn.transaction(write).immediate();
}

/** Newest first, filtered; returns up to `limit` rows. The statement names only the filters given. */
export function listAuditEntries(conn: Database.Database, filter: AuditFilter): AuditEntryRecord[] {
  const where = [
    ...(filter.action === undefined ? [] : ["action = @action"]),
    ...(filter.targetType === undefined ? [] : ["target_type = @target_type"]),
    ...(filter.targetId === undefined ? [] : ["target_id = @target_id"]),
    ...(filter.actorId === undefined ? [] : ["actor_id = @actor_id"]),
    ...(filter.beforeSeq === undefined ? [] : ["seq < @before_seq"]),
  ];
  const rows = stmt(
    conn,
    `SELECT seq, id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash
     FROM audit_entries ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq DESC LIMIT @limit`,
  ).all({
    ...(filter.action === undefined ? {} : { action: filter.action }),
    ...(filter.targetType === undefined ? {} : { target_type: filter.targetType }),
    ...(filter.targetId === undefined ? {} : { target_id: filter.targetId }),
    ...(filter.actorId === undefined ? {} : { actor_id: filter.actorId }),
    ...(filter.beforeSeq === undefined ? {} : { before_seq: filter.beforeSeq }),
    limit: filter.limit,
  }) as AuditChainRow[];
  return rows.map(fromRaw);
}


type ChainTuple = [number, string, string, string, string | null, string | null, string, string, string, string | number, string, string];

/**
 * Rows in chain order after `afterSeq`, one page at a time, as stored (the verifier streams
 * the chain). Read as arrays: better-sqlite3's row objects took ~2.5 µs of a row's ~6.
 */
export function readAuditChainPage({ afterSeq, limit }: { afterSeq: number; limit: number }, conn: Database.Database = db().sqlite): AuditChainRow[] {
  const tuples = stmt(conn, "SELECT seq, id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash FROM audit_entries WHERE seq > ? ORDER BY seq ASC LIMIT ?")
    .raw(true)
    .all(afterSeq, limit) as ChainTuple[];
  return tuples.map(([seq, id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash]) => ({
    seq, id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash,
  }));
}

/** The stored hash of the row `seq` (undefined when there is no such row). */
export function auditRowHash(seq: number, conn: Database.Database = db().sqlite): string | undefined {
  return stmt(conn, "SELECT hash FROM audit_entries WHERE seq = ?").pluck().get(seq) as string | undefined;
}

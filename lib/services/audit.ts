import "server-only";
import { setImmediate as nextTick } from "node:timers/promises";
import { decodeCursor, toPage, type Page, type PageRequest } from "@/lib/api";
import { listAuditEntries, readAuditChainPage, type AuditEntryRecord } from "@/lib/db/audit";
import { auditHash, GENESIS_HASH } from "@/lib/db/audit-hash";
import { z } from "zod";

export { appendAudit, type AuditAction, type AuditInput, type AuditEntryRecord } from "@/lib/db/audit";

export interface AuditQuery {
  action?: string;
  target_type?: string;
  target_id?: string;
}

const seqCursor = z.number().int().positive();

/** The audit trail newest first, optionally filtered by action or target (SPEC §9). */
export async function listAudit({ query, page }: { query: AuditQuery; page: PageRequest }): Promise<Page<AuditEntryRecord>> {
  const beforeSeq = page.cursor ? decodeCursor(page.cursor, seqCursor) : undefined;
  const rows = await listAuditEntries({
    action: query.action,
    targetType: query.target_type,
    targetId: query.target_id,
    beforeSeq,
    limit: page.limit + 1,
  });
  return toPage(rows, page.limit, (r) => r, (r) => r.seq);
}

export interface AuditVerification {
  ok: boolean;
  checked: number;
  first_bad_seq?: number;
  message?: string;
}

/** Rows read per page while verifying: bounded memory whatever the chain's length. */
export const VERIFY_PAGE_SIZE = 1000;

/**
 * Recomputes the whole chain from the first row: each row must link to the previous
 * row's hash (the first to 64 zeros) and its own hash must match its content. Reads in
 * pages and yields between them so a long chain neither fills memory nor blocks the server.
 */
export async function verifyAudit(pageSize = VERIFY_PAGE_SIZE): Promise<AuditVerification> {
  let prevHash = GENESIS_HASH;
  let afterSeq = 0;
  let checked = 0;
  for (;;) {
    const rows = readAuditChainPage({ afterSeq, limit: pageSize });
    for (const row of rows) {
      if (row.prev_hash !== prevHash) {
        return { ok: false, checked, first_bad_seq: row.seq, message: `row ${row.seq} does not link to the previous row's hash (a row was changed, removed or inserted)` };
      }
      if (auditHash(row.prev_hash, row) !== row.hash) {
        return { ok: false, checked, first_bad_seq: row.seq, message: `row ${row.seq} does not match its hash (its content was changed)` };
      }
      prevHash = row.hash;
      afterSeq = row.seq;
      checked += 1;
    }
    if (rows.length < pageSize) return { ok: true, checked };
    await nextTick();
  }
}

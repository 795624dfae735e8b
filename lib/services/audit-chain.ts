import { setImmediate as nextTick } from "node:timers/promises";
import { auditHash, GENESIS_HASH } from "@/lib/db/audit-hash";
import type { AuditEntryRecord } from "@/lib/db/audit";

export interface AuditVerification {
  ok: boolean;
  checked: number;
  first_bad_seq?: number;
  message?: string;
}

/** Reads rows in chain order with `seq > afterSeq`, at most `limit` of them. */
export type ChainPageReader = (afterSeq: number, limit: number) => AuditEntryRecord[];

/** Rows read per page while verifying: bounded memory whatever the chain's length. */
export const VERIFY_PAGE_SIZE = 1000;

/**
 * Recomputes the chain from the first row: each row must link to the previous row's hash
 * (the first to 64 zeros) and its own hash must match its content. Reads page by page and
 * yields between pages so a long chain neither fills memory nor blocks the server.
 */
export async function verifyAuditChain(readPage: ChainPageReader, pageSize = VERIFY_PAGE_SIZE): Promise<AuditVerification> {
  let prevHash = GENESIS_HASH;
  let afterSeq = 0;
  let checked = 0;
  for (;;) {
    const rows = readPage(afterSeq, pageSize);
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

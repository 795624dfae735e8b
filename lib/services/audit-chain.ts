import { setImmediate as nextTick } from "node:timers/promises";
import { auditHash, auditHashOfText, GENESIS_HASH } from "@/lib/db/audit-hash";
import type { AuditChainRow } from "@/lib/db";
import { auditEntryOf } from "@/lib/db/audit-rows";
import type { AuditCheckAnswer } from "./audit-answers";

/** What a walk of the chain finds: the check's answer (./audit-answers.ts) but for its scope. */
export type AuditVerification = Omit<AuditCheckAnswer, "scope" | "full_check_at">;

/** Reads rows in chain order with `seq > afterSeq`, at most `limit` of them, as stored. */
export type ChainPageReader = (afterSeq: number, limit: number) => AuditChainRow[] | Promise<AuditChainRow[]>;

/** Rows read per page while verifying: bounded memory whatever the chain's length. */
export const VERIFY_PAGE_SIZE = 1000;

/** The stored form of a timestamp this app writes (`toSqlTimestamp`) and its ISO form. */
const SQL_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

/**
 * Whether a row's hash covers its content. First as stored: rows are written with
 * canonical details, so hashing the stored text settles almost every row without parsing
 * it (a match proves the content, see `auditHashOfText`). Otherwise (details written in
 * another key order, another timestamp form, or a changed row) the content is parsed and
 * hashed as the API reads it.
 */
function hashHolds(row: AuditChainRow): boolean {
  if (typeof row.created_at === "string" && SQL_TIMESTAMP.test(row.created_at)) {
    const content = { ...row, created_at: `${row.created_at.slice(0, 23)}Z` };
    if (auditHashOfText(row.prev_hash, content, row.details) === row.hash) return true;
  }
  try {
    return auditHash(row.prev_hash, auditEntryOf(row)) === row.hash;
  } catch {
    return false; // a timestamp that is no date: changed
  }
}

/** A row the chain is checked from: its seq and its stored hash. */
export interface ChainAnchor {
  seq: number;
  hash: string;
}

/** Where a chain starts: before the first row, whose `prev_hash` is 64 zeros. */
export const CHAIN_START: ChainAnchor = { seq: 0, hash: GENESIS_HASH };

/**
 * Recomputes the chain from the first row: each row must link to the previous row's hash
 * (the first to 64 zeros) and its own hash must match its content. Reads page by page and
 * yields between pages so a long chain neither fills memory nor blocks the server.
 */
export async function verifyAuditChain(readPage: ChainPageReader, pageSize = VERIFY_PAGE_SIZE): Promise<AuditVerification> {
  return (await checkChain(readPage, CHAIN_START, pageSize)).result;
}

/**
 * Checks the rows after `from` as {@link verifyAuditChain} checks them all, the first
 * linking to `from.hash`; `end` is the last row checked (`from` when there is none).
 */
export async function checkChain(
  readPage: ChainPageReader,
  from: ChainAnchor,
  pageSize = VERIFY_PAGE_SIZE,
): Promise<{ result: AuditVerification; end: ChainAnchor }> {
  let end = from;
  let checked = 0;
  for (;;) {
    const rows = await readPage(end.seq, pageSize);
    for (const row of rows) {
      if (row.prev_hash !== end.hash) {
        return { end, result: { ok: false, checked, first_bad_seq: row.seq, message: `row ${row.seq} does not link to the previous row's hash (a row was changed, removed or inserted)` } };
      }
      if (!hashHolds(row)) {
        return { end, result: { ok: false, checked, first_bad_seq: row.seq, message: `row ${row.seq} does not match its hash (its content was changed)` } };
      }
      end = { seq: row.seq, hash: row.hash };
      checked += 1;
    }
    if (rows.length < pageSize) return { end, result: { ok: true, checked } };
    await nextTick();
  }
}

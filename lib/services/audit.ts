import "server-only";
import { decodeCursor, toPage, type Page, type PageRequest } from "@/lib/http";
import { storage, type AuditStore } from "@/lib/db";
import { z } from "zod";
import { CHAIN_START, checkChain, type ChainAnchor } from "./audit-chain";
import type { AuditCheckAnswer, AuditEntryAnswer } from "./audit-answers";
import { toIsoTimestamp } from "@/lib/db/timestamps";

export type { AuditAction, AuditInput, AuditEntryRecord } from "@/lib/db";
export type { AuditVerification } from "./audit-chain";

export interface AuditQuery {
  action?: string;
  target_type?: string;
  target_id?: string;
  actor_id?: string;
}

const seqCursor = z.number().int().positive();

/** The audit trail newest first, optionally filtered by action, target or actor (SPEC §9), targets named. */
export async function listAudit({ query, page }: { query: AuditQuery; page: PageRequest }): Promise<Page<AuditEntryAnswer>> {
  const beforeSeq = page.cursor ? decodeCursor(page.cursor, seqCursor) : undefined;
  const audit = storage().audit;
  const rows = await audit.list({
    action: query.action,
    targetType: query.target_type,
    targetId: query.target_id,
    actorId: query.actor_id,
    beforeSeq,
    limit: page.limit + 1,
  });
  const names = await audit.targetNames(rows.slice(0, page.limit));
  return toPage(rows, page.limit, (r) => ({ ...r, target_name: names.get(`${r.target_type}:${r.target_id}`) ?? null }), (r) => r.seq);
}

/** What this process last found whole: the chain up to `end`, fully recomputed at `fullAt`. */
interface VerifiedPrefix {
  end: ChainAnchor;
  checked: number;
  fullAt: string;
}

const verified = globalThis as unknown as { switchyardAuditVerified?: VerifiedPrefix | null };

/**
 * Recomputes the whole stored chain (`GET /api/audit/verify`). A chain found whole becomes
 * the prefix later checks of new rows start from; a broken one leaves none.
 */
export async function verifyAudit(audit: AuditStore = storage().audit): Promise<AuditCheckAnswer> {
  const fullAt = toIsoTimestamp(new Date());
  const { result, end } = await checkChain(reader(audit), CHAIN_START);
  verified.switchyardAuditVerified = result.ok ? { end, checked: result.checked, fullAt } : null;
  return { ...result, scope: "full", ...(result.ok ? { full_check_at: fullAt } : {}) };
}

/**
 * Checks only the rows appended since this process last checked the chain
 * (`GET /api/audit/verify?scope=new`, what the audit page shows on load): they must link
 * to the last row checked, which must still hold the hash it had. Cheap however long the
 * chain, but it does not re-read older rows: a change to one of them is found by the next
 * full check. Without such a prefix (a fresh process, a broken chain, a changed anchor
 * row), it is a full check.
 */
export async function verifyNewAudit(audit: AuditStore = storage().audit): Promise<AuditCheckAnswer> {
  const prefix = verified.switchyardAuditVerified;
  if (!prefix || (prefix.end.seq > 0 && (await audit.rowHash(prefix.end.seq)) !== prefix.end.hash)) return verifyAudit(audit);
  const { result, end } = await checkChain(reader(audit), prefix.end);
  const checked = prefix.checked + result.checked;
  // Another check may have moved the prefix meanwhile; the furthest whole one stands.
  const current = verified.switchyardAuditVerified;
  if (!result.ok) verified.switchyardAuditVerified = null;
  else if (current && end.seq > current.end.seq) verified.switchyardAuditVerified = { ...current, end, checked };
  return { ...result, checked, scope: "new", full_check_at: prefix.fullAt };
}

const reader = (audit: AuditStore) => (afterSeq: number, limit: number) => audit.chainPage({ afterSeq, limit });

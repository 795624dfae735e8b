import "server-only";
import { decodeCursor, toPage, type Page, type PageRequest } from "@/lib/api";
import { listAuditEntries, readAuditChainPage, type AuditEntryRecord } from "@/lib/db/audit";
import { z } from "zod";
import { verifyAuditChain, type AuditVerification } from "./audit-chain";

export { appendAudit, type AuditAction, type AuditInput, type AuditEntryRecord } from "@/lib/db/audit";
export type { AuditVerification } from "./audit-chain";

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

/** Recomputes the whole stored chain (`GET /api/audit/verify`). */
export function verifyAudit(): Promise<AuditVerification> {
  return verifyAuditChain((afterSeq, limit) => readAuditChainPage({ afterSeq, limit }));
}

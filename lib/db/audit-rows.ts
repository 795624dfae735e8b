/** Stored audit rows in API form, the same from every backend. */
import { auditHashOfText, type AuditContent } from "./audit-hash";
import { canonicalJson } from "./canonical-json";
import { newId } from "./ids";
import type { AuditChainRow, AuditEntryRecord, AuditInput } from "./ports";
import { toIsoTimestamp } from "./timestamps";

/** A stored row in API form (its details parsed, its timestamp ISO). Throws on a timestamp that is no date. */
export function auditEntryOf(row: AuditChainRow): AuditEntryRecord {
  return {
    seq: row.seq,
    id: row.id,
    action: row.action,
    actor_id: row.actor_id,
    actor_type: row.actor_type,
    actor_name: row.actor_name,
    target_type: row.target_type,
    target_id: row.target_id,
    details: parseDetails(row.details),
    created_at: toIsoTimestamp(row.created_at),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

/** A details column that is not a JSON object (tampering) still reads; the hash check catches it. */
function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { unparseable: text };
  }
}

/** A new row of the chain after `prevHash`: its content, its details as stored (canonical JSON) and its hash. */
export function chainedAuditRow(input: AuditInput, prevHash: string, at: Date): { content: AuditContent; detailsJson: string; hash: string } {
  const content: AuditContent = {
    id: newId(),
    action: input.action,
    actor_id: input.actor.id,
    actor_type: input.actor.type,
    actor_name: input.actor.name,
    target_type: input.targetType,
    target_id: input.targetId,
    details: input.details ?? {},
    created_at: toIsoTimestamp(at),
  };
  // Stored canonical, so a verification can hash the stored text as it is.
  const detailsJson = canonicalJson(content.details);
  return { content, detailsJson, hash: auditHashOfText(prevHash, content, detailsJson) };
}

import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json";

/** `prev_hash` of the first row of the chain. */
export const GENESIS_HASH = "0".repeat(64);

/** The content of an audit row that its hash covers (API field names, ISO timestamp). */
export interface AuditContent {
  id: string;
  action: string;
  actor_id: string;
  target_type: string;
  target_id: string;
  details: Record<string, unknown>;
  created_at: string;
}

/**
 * SPEC §9 chain link: `sha256hex(prev_hash + canonical JSON of the content)`. Changing any
 * field of any row, or removing a row, breaks every later link.
 */
export function auditHash(prevHash: string, content: AuditContent): string {
  const { id, action, actor_id, target_type, target_id, details, created_at } = content;
  const body = canonicalJson({ id, action, actor_id, target_type, target_id, details, created_at });
  return createHash("sha256").update(prevHash + body).digest("hex");
}

import { hash } from "node:crypto";
import { canonicalJson } from "./canonical-json";

/** `prev_hash` of the first row of the chain. */
export const GENESIS_HASH = "0".repeat(64);

/** The content of an audit row that its hash covers (API field names, ISO timestamp). */
export interface AuditContent {
  id: string;
  action: string;
  actor_id: string;
  /** `user | api_key | webhook | system`; null on rows from before identity (then neither is hashed). */
  actor_type: string | null;
  /** The actor's name when the row was written. */
  actor_name: string | null;
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
  return auditHashOfText(prevHash, content, canonicalJson(content.details));
}

/**
 * {@link auditHash} with the details given as text, put into the hashed body as they are:
 * equal to it when `detailsJson` is the canonical JSON of the details. The body is the
 * content's canonical JSON written out (keys in sorted order). Every other value is a JSON
 * string, which cannot contain an unescaped quote, so the text between `"details":` and
 * `,"id":` is determined by the body: a body that matches a stored hash proves every field,
 * the details text included, is what was hashed.
 */
export function auditHashOfText(prevHash: string, content: Omit<AuditContent, "details">, detailsJson: string): string {
  const s = JSON.stringify;
  // Rows from before identity carry no actor type or name, and hash as they always did.
  const actor = content.actor_type === null ? "" : `,"actor_name":${s(content.actor_name ?? "")},"actor_type":${s(content.actor_type)}`;
  const body =
    `{"action":${s(content.action)},"actor_id":${s(content.actor_id)}${actor},"created_at":${s(content.created_at)},"details":${detailsJson}` +
    `,"id":${s(content.id)},"target_id":${s(content.target_id)},"target_type":${s(content.target_type)}}`;
  return hash("sha256", prevHash + body, "hex");
}

/** The audit trail: one hash-chained row per change, as every backend stores it. */
import type { Actor } from "@/lib/auth/actor";
import type { AuditContent } from "../audit-hash";

/** Audit actions (SPEC §10). `auth.*` is reserved for authentication events. */
export type AuditAction =
  | "workflow.create"
  | "workflow.update"
  | "workflow.delete"
  | "workflow.restore"
  | "run.trigger"
  | "run.resume"
  | "run.cancel"
  | "run.prune"
  | "gate.approve"
  | "gate.reject"
  | "secret.create"
  | "secret.update"
  | "secret.delete"
  | "user.create"
  | "user.update"
  | "user.delete"
  | "api_key.create"
  | "api_key.revoke"
  | "hook.create"
  | "hook.rotate"
  | "hook.enable"
  | "hook.disable"
  | "hook.delete"
  | `auth.${string}`;

/** Who an audit row names: an {@link Actor} or the parts of it a row keeps. */
export type AuditActor = Pick<Actor, "type" | "id" | "name">;

export interface AuditInput {
  action: AuditAction;
  actor: AuditActor;
  targetType: string;
  targetId: string;
  /** Small JSON object: what changed, never whole graphs or states. */
  details?: Record<string, unknown>;
  at?: Date;
}

/** One stored row in API form. */
export interface AuditEntryRecord extends AuditContent {
  seq: number;
  prev_hash: string;
  hash: string;
}

/** A row as stored: `details` is its JSON text, `created_at` the column's value. */
export interface AuditChainRow {
  seq: number;
  id: string;
  action: string;
  actor_id: string;
  actor_type: string | null;
  actor_name: string | null;
  target_type: string;
  target_id: string;
  details: string;
  created_at: string | number;
  prev_hash: string;
  hash: string;
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: string;
  /** Only rows with a smaller seq (keyset pagination, newest first). */
  beforeSeq?: number;
  limit: number;
}

export interface AuditStore {
  /**
   * Appends one chained row. Inside a transaction it is part of it (reading the chain head
   * and inserting are one atomic step, serialized with every other append); outside one it
   * is a transaction of its own.
   */
  append(input: AuditInput): Promise<AuditEntryRecord>;
  /** Newest first, filtered; up to `limit` rows. */
  list(filter: AuditFilter): Promise<AuditEntryRecord[]>;
  /** Rows in chain order after `afterSeq`, as stored (the verifier streams the chain). */
  chainPage(a: { afterSeq: number; limit: number }): Promise<AuditChainRow[]>;
  /** The stored hash of the row `seq` (undefined when there is no such row). */
  rowHash(seq: number): Promise<string | undefined>;
  /** `type:id` → the target's name now, for the targets that have one. */
  targetNames(rows: readonly { target_type: string; target_id: string }[]): Promise<Map<string, string>>;
}

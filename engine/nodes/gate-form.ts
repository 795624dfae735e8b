/**
 * What a human gate asks of its reviewers and what a run parked at one waits for: the
 * gate's form fields, who may decide it, and the pending gate a parked run carries (SPEC §6).
 * The human gate kind (./human-gate.ts) builds its config from these; the stores keep the
 * pending gate as it is.
 */
import { z } from "zod";
import type { ActorRole } from "../graph/roles";
import type { GateApproval } from "../ports/world";

export const gateFieldTypes = ["text", "textarea", "number", "boolean", "select"] as const;

export const gateFieldSchema = z.object({
  name: z.string().min(1).max(100),
  type: z.enum(gateFieldTypes),
  label: z.string().max(200).optional(),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
});

/**
 * Who may decide a gate: people with one of `roles`, or the people named by email in
 * `users`. Loose on purpose (any strings): validation names a misspelt role or email, so
 * the work can still be saved.
 */
export const gateApproversSchema = z.object({
  roles: z.array(z.string().max(100)).max(20).optional(),
  users: z.array(z.string().max(320)).max(200).optional(),
});

export type GateField = z.infer<typeof gateFieldSchema>;
export type GateApprovers = z.infer<typeof gateApproversSchema>;

/** What a parked run waits for (SPEC §6). */
export interface PendingGate {
  node_id: string;
  prompt: string;
  fields?: GateField[];
  /** Epoch ms after which the gate times out and the run fails. */
  expires_at?: number;
  /**
   * Who may decide, from the gate's config with its defaults applied. Absent on gates that
   * parked before gates named approvers: those are decided as the defaults say.
   */
  approvers?: { roles: ActorRole[]; users: string[] };
  required_approvals?: number;
  allow_self_approval?: boolean;
  /** Approvals so far, oldest first; the gate completes with the `required_approvals`-th. */
  approvals?: GateApproval[];
}

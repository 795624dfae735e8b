import "server-only";
/**
 * Webhooks, as the editor manages them: at most one per workflow, made and rotated by
 * editors, its secret shown once (in the answer that made it) and kept sealed with the
 * secrets key, since checking an HMAC signature needs the secret itself. Every change
 * appends its audit row (never the secret) in the same transaction.
 */
import { notFound, type Actor } from "@/lib/http";
import { generateHookSecret } from "@/lib/auth/hook-signature";
import { appendAudit, type AuditAction } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { deleteHookRow, findHookByWorkflow, insertHook, rotateHookSecret, setHookEnabled, type HookRow } from "@/lib/db/hooks";
import { newId } from "@/lib/db/ids";
import { writeTransaction, type Tx } from "@/lib/db/transaction";
import { seal } from "@/lib/secrets/cipher";
import { secretKey } from "@/lib/secrets/service";
import type { HookAnswer } from "./hook-answers";
import { requireWorkflow } from "./workflows";

/** The sealed secret is bound to its hook (AES-GCM associated data), so it cannot be moved to another row. */
export const hookSecretAad = (hookId: string) => `hook:${hookId}`;

/** A hook as the API shows it (./hook-answers.ts): never its secret. */
const toDto = (h: HookRow): HookAnswer => ({
  id: h.id, workflow_id: h.workflow_id, enabled: h.enabled, url_path: `/api/hooks/${h.id}`,
  created_at: h.created_at, rotated_at: h.rotated_at, last_triggered_at: h.last_triggered_at,
});

/** The workflow's hook, or null; 404 for an unknown or deleted workflow. */
export function getHook({ workflowId }: { workflowId: string }): HookAnswer | null {
  requireWorkflow({ id: workflowId });
  const hook = findHookByWorkflow(db().sqlite, workflowId);
  return hook ? toDto(hook) : null;
}

/** Makes the workflow's hook, or gives the existing one a new secret (the old one stops working at once). */
export function createOrRotateHook({ workflowId, actor }: { workflowId: string; actor: Actor }): { hook: HookAnswer; secret: string; created: boolean } {
  const secret = generateHookSecret();
  const at = new Date();
  return writeTransaction((tx) => {
    requireWorkflow({ id: workflowId }, tx);
    const existing = findHookByWorkflow(tx, workflowId);
    const id = existing?.id ?? `hk_${newId()}`;
    const sealed = seal(secretKey(), secret, hookSecretAad(id));
    if (existing) rotateHookSecret(tx, { id, sealed, at });
    else insertHook(tx, { id, workflowId, sealed, createdById: actor.id, at });
    audit(tx, existing ? "hook.rotate" : "hook.create", actor, id, workflowId, at);
    return { hook: toDto(findHookByWorkflow(tx, workflowId)!), secret, created: !existing };
  });
}

/** Turns the hook on or off; a disabled hook answers 404 to callers. */
export function setHookState({ workflowId, enabled, actor }: { workflowId: string; enabled: boolean; actor: Actor }): HookAnswer {
  const at = new Date();
  return writeTransaction((tx) => {
    const hook = requireHook(tx, workflowId);
    if (hook.enabled !== enabled) {
      setHookEnabled(tx, { id: hook.id, enabled });
      audit(tx, enabled ? "hook.enable" : "hook.disable", actor, hook.id, workflowId, at);
    }
    return toDto(findHookByWorkflow(tx, workflowId)!);
  });
}

export function deleteHook({ workflowId, actor }: { workflowId: string; actor: Actor }): void {
  const at = new Date();
  writeTransaction((tx) => {
    const hook = requireHook(tx, workflowId);
    deleteHookRow(tx, hook.id);
    audit(tx, "hook.delete", actor, hook.id, workflowId, at);
  });
}

function requireHook(tx: Tx, workflowId: string): HookRow {
  requireWorkflow({ id: workflowId }, tx);
  const hook = findHookByWorkflow(tx, workflowId);
  if (!hook) throw notFound("this workflow has no webhook; POST /api/workflows/{id}/hook makes one");
  return hook;
}

function audit(tx: Tx, action: AuditAction, actor: Actor, hookId: string, workflowId: string, at: Date): void {
  appendAudit(tx, { action, actor, targetType: "hook", targetId: hookId, details: { workflow_id: workflowId }, at });
}

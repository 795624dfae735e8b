import "server-only";
/**
 * Webhooks, as the editor manages them: at most one per workflow, made and rotated by
 * editors, its secret shown once (in the answer that made it) and kept sealed with the
 * secrets key, since checking an HMAC signature needs the secret itself. Every change
 * appends its audit row (never the secret) in the same transaction.
 */
import { notFound, type Actor } from "@/lib/http";
import { generateHookSecret } from "@/lib/auth/hook-signature";
import { storage, type AuditAction, type HookRow, type StorageTx } from "@/lib/db";
import { newId } from "@/lib/db/ids";
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
export async function getHook({ workflowId }: { workflowId: string }): Promise<HookAnswer | null> {
  await requireWorkflow({ id: workflowId });
  const hook = await storage().hooks.findByWorkflow(workflowId);
  return hook ? toDto(hook) : null;
}

/** Makes the workflow's hook, or gives the existing one a new secret (the old one stops working at once). */
export async function createOrRotateHook({ workflowId, actor }: { workflowId: string; actor: Actor }): Promise<{ hook: HookAnswer; secret: string; created: boolean }> {
  const secret = generateHookSecret();
  const at = new Date();
  return storage().transaction(async (tx) => {
    await requireWorkflow({ id: workflowId }, tx);
    const existing = await tx.hooks.findByWorkflow(workflowId);
    const id = existing?.id ?? `hk_${newId()}`;
    const sealed = seal(secretKey(), secret, hookSecretAad(id));
    if (existing) await tx.hooks.rotateSecret({ id, sealed, at });
    else await tx.hooks.insert({ id, workflowId, sealed, createdById: actor.id, at });
    await audit(tx, existing ? "hook.rotate" : "hook.create", actor, id, workflowId, at);
    return { hook: toDto((await tx.hooks.findByWorkflow(workflowId))!), secret, created: !existing };
  });
}

/** Turns the hook on or off; a disabled hook answers 404 to callers. */
export async function setHookState({ workflowId, enabled, actor }: { workflowId: string; enabled: boolean; actor: Actor }): Promise<HookAnswer> {
  const at = new Date();
  return storage().transaction(async (tx) => {
    const hook = await requireHook(tx, workflowId);
    if (hook.enabled !== enabled) {
      await tx.hooks.setEnabled({ id: hook.id, enabled });
      await audit(tx, enabled ? "hook.enable" : "hook.disable", actor, hook.id, workflowId, at);
    }
    return toDto((await tx.hooks.findByWorkflow(workflowId))!);
  });
}

export async function deleteHook({ workflowId, actor }: { workflowId: string; actor: Actor }): Promise<void> {
  const at = new Date();
  await storage().transaction(async (tx) => {
    const hook = await requireHook(tx, workflowId);
    await tx.hooks.delete(hook.id);
    await audit(tx, "hook.delete", actor, hook.id, workflowId, at);
  });
}

async function requireHook(tx: StorageTx, workflowId: string): Promise<HookRow> {
  await requireWorkflow({ id: workflowId }, tx);
  const hook = await tx.hooks.findByWorkflow(workflowId);
  if (!hook) throw notFound("this workflow has no webhook; POST /api/workflows/{id}/hook makes one");
  return hook;
}

async function audit(tx: StorageTx, action: AuditAction, actor: Actor, hookId: string, workflowId: string, at: Date): Promise<void> {
  await tx.audit.append({ action, actor, targetType: "hook", targetId: hookId, details: { workflow_id: workflowId }, at });
}

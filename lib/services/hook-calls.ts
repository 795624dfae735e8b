import "server-only";
/**
 * Calls to a webhook (`POST /api/hooks/{id}`), step by step so that nothing is stored for
 * a call that is refused: the hook must exist and be enabled (else 404, the same for both
 * so a caller cannot tell a disabled hook from none), the body is read raw and capped
 * (413), the signature or secret checked over those bytes (401), and only then is the run
 * triggered, by the webhook as its actor.
 */
import { ApiError, notFound, type Actor } from "@/lib/http";
import { verifyHookRequest } from "@/lib/auth/hook-signature";
import { storage, type HookForTrigger } from "@/lib/db";
import { open } from "@/lib/secrets/cipher";
import { secretKey } from "@/lib/secrets/service";
import { hookSecretAad } from "./hooks";

export const HOOK_NOT_FOUND = "webhook not found (unknown, or disabled)";

/** The enabled hook a call names, or 404. */
export async function callableHook(id: string): Promise<HookForTrigger> {
  const hook = await storage().hooks.findForTrigger(id);
  if (!hook || !hook.enabled) throw notFound(HOOK_NOT_FOUND);
  return hook;
}

/** The webhook as the actor of the call when its headers authenticate it over `body`; 401 otherwise. */
export function authenticateHookCall(hook: HookForTrigger, headers: Headers, body: Uint8Array): Actor {
  const secret = open(secretKey(), hook.sealed, hookSecretAad(hook.id));
  const check = verifyHookRequest({ secret, headers, body });
  if (!check.ok) throw new ApiError("invalid_signature", check.reason);
  return { type: "webhook", id: hook.id, name: `webhook ${hook.workflow_name}`, role: null };
}

/** Notes when the hook last started a run (shown in the editor). */
export function noteHookTriggered(id: string, at = new Date()): Promise<void> {
  return storage().hooks.touch({ id, at });
}

import { parseId, parseJsonBytes, parseQuery, readBodyBytes, setActor, withErrors } from "@/lib/http";
import { authenticateHookCall, callableHook, HOOK_NOT_FOUND, noteHookTriggered } from "@/lib/services/hook-calls";
import { hookInputBody } from "@/lib/services/hook-params";
import { runCommandResponse } from "@/lib/runtime/host/respond";
import { waitQuery } from "@/lib/services/run-params";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ hook_id: string }> };

/**
 * Trigger the hook's workflow with the JSON body as input, as `POST /api/workflows/{id}/runs`
 * does (`?wait=` too). The order matters: nothing is parsed, and nothing stored, before the
 * call has proved it knows the secret over the raw bytes it sent.
 */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  // 1. An enabled hook of a live workflow, else 404.
  const hook = await callableHook(parseId((await ctx.params).hook_id, HOOK_NOT_FOUND));
  // 2. The raw body, at most 1 MiB (413).
  const bytes = await readBodyBytes(request);
  // 3. The signature or secret over those bytes (401); the webhook is then the actor.
  const actor = authenticateHookCall(hook, request.headers, bytes);
  setActor(request, actor);
  // 4. The body and query (415, 400), then the run.
  const input = parseJsonBytes(request, bytes, hookInputBody, { emptyAs: {} });
  const { wait } = parseQuery(request.url, waitQuery, ["wait"]);
  const response = await runCommandResponse(request, { op: "trigger", workflowId: hook.workflow_id, input, options: {}, actor, waitMs: wait }, 201);
  if (response.ok) await noteHookTriggered(hook.id);
  return response;
});

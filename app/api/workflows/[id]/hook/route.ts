import { getActor, parseId, parseJsonBody, withErrors } from "@/lib/http";
import type { HookChangedAnswer, HookLookupAnswer, HookWithSecretAnswer } from "@/lib/services/hook-answers";
import { patchHookBody } from "@/lib/services/hook-params";
import { createOrRotateHook, deleteHook, getHook, setHookState } from "@/lib/services/hooks";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

const workflowId = async (ctx: Ctx) => parseId((await ctx.params).id, "workflow not found");

/** The workflow's webhook (never its secret), or `{hook: null}`. */
export const GET = withErrors(async (_request: Request, ctx: Ctx) => Response.json({ hook: await getHook({ workflowId: await workflowId(ctx) }) } satisfies HookLookupAnswer));

/** Make the webhook (201) or give it a new secret (200); the secret is in this answer only. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const { hook, secret, created } = await createOrRotateHook({ workflowId: await workflowId(ctx), actor: getActor(request) });
  return Response.json({ hook, secret } satisfies HookWithSecretAnswer, { status: created ? 201 : 200 });
});

/** Enable or disable the webhook. */
export const PATCH = withErrors(async (request: Request, ctx: Ctx) => {
  const id = await workflowId(ctx);
  const { enabled } = await parseJsonBody(request, patchHookBody);
  return Response.json({ hook: await setHookState({ workflowId: id, enabled, actor: getActor(request) }) } satisfies HookChangedAnswer);
});

/** Delete the webhook: its URL answers 404 from now on. */
export const DELETE = withErrors(async (request: Request, ctx: Ctx) => {
  await deleteHook({ workflowId: await workflowId(ctx), actor: getActor(request) });
  return new Response(null, { status: 204 });
});

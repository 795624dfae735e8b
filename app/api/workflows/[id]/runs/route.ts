import { getActor, parseId, parseJsonBody, parsePagination, parseQuery, withErrors } from "@/lib/http";
import { runListQuery, triggerBody, waitQuery } from "@/lib/services/run-params";
import { runCommandResponse } from "@/lib/runtime/host/respond";
import { listRuns } from "@/lib/services/runs";
import { requireWorkflow } from "@/lib/services/workflows";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Trigger a run: 201 with the run at once, or with `?wait=<ms>` once it completes, fails or pauses. */
export const POST = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  const { wait } = parseQuery(request.url, waitQuery, ["wait"]);
  const body = await parseJsonBody(request, triggerBody, { emptyAs: {} });
  return runCommandResponse(request, { op: "trigger", workflowId: id, input: body.input ?? {}, options: body.options ?? {}, actor: getActor(request), waitMs: wait }, 201);
});

/** The workflow's runs, newest first, optionally `?status=`. */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  await requireWorkflow({ id });
  const { status } = parseQuery(request.url, runListQuery, ["status"]);
  return Response.json(await listRuns({ workflowId: id, status }, parsePagination(request.url)));
});

import { eventStreamResponse, lastEventId, parseId, withErrors } from "@/lib/http";
import { workflowEventStream } from "@/lib/services/workflow-events";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Server-Sent Events: `workflow.saved` for each version after `Last-Event-ID` (header or query; by default the current version), then live. */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "workflow not found");
  return eventStreamResponse(await workflowEventStream({ id, afterVersion: lastEventId(request), signal: request.signal }));
});

import { eventStreamResponse, lastEventId, parseId, withErrors } from "@/lib/http";
import { runEventStream } from "@/lib/services/run-events";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Server-Sent Events: stored events replayed after `Last-Event-ID` (header or query), then live ones. */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  return eventStreamResponse(await runEventStream({ id, lastEventId: lastEventId(request) ?? 0, signal: request.signal }));
});

import { parseId, parseQuery, withErrors } from "@/lib/api";
import { runEventStream } from "@/lib/services/run-events";
import { lastEventQuery } from "@/lib/services/run-params";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Server-Sent Events: stored events replayed after `Last-Event-ID` (header or query), then live ones. */
export const GET = withErrors(async (request: Request, ctx: Ctx) => {
  const id = parseId((await ctx.params).id, "run not found");
  const header = request.headers.get("last-event-id");
  const fromHeader = header !== null && /^[0-9]{1,12}$/.test(header.trim()) ? Number(header.trim()) : undefined;
  const { last_event_id } = parseQuery(request.url, lastEventQuery, ["last_event_id"]);
  const stream = runEventStream({ id, lastEventId: fromHeader ?? last_event_id ?? 0, signal: request.signal });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", connection: "keep-alive", "x-accel-buffering": "no" },
  });
});

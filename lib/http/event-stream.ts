/**
 * What the two Server-Sent Events routes (a run's events, a workflow's saves) share: where
 * a client resumes from, and the response around the stream.
 */
import { z } from "zod";
import { parseQuery } from "./query";

/** `?last_event_id=`: what `Last-Event-ID` says, for clients that cannot set headers. */
export const lastEventQuery = z.object({
  last_event_id: z.string().regex(/^[0-9]{1,12}$/, "must be an event id").transform(Number).optional().describe("replay only the events after this one (as the Last-Event-ID header does)"),
});

/** The event id to resume after: the `Last-Event-ID` header when it is a number, else the query's; undefined when neither says. */
export function lastEventId(request: Request): number | undefined {
  const header = request.headers.get("last-event-id")?.trim();
  if (header !== undefined && /^[0-9]{1,12}$/.test(header)) return Number(header);
  return parseQuery(request.url, lastEventQuery, ["last_event_id"]).last_event_id;
}

/** An SSE answer that proxies neither buffer nor transform. */
export function eventStreamResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", connection: "keep-alive", "x-accel-buffering": "no" },
  });
}

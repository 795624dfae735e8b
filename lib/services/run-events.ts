import "server-only";
/**
 * The run's Server-Sent Events stream (SPEC §10). Order of operations, so nothing is lost
 * and nothing is sent twice:
 * 1. subscribe to the live bus, buffering what arrives (and wait until it is live);
 * 2. replay stored events after `lastEventId`;
 * 3. send buffered live events with a seq above the last one sent, then follow live.
 * The stream ends after a `run.status` of completed/failed (a paused run may resume, so
 * its stream stays open); a comment line every 15 s keeps proxies from closing it.
 */
import type { RunEventMessage, StoredEvent } from "@/engine/ports";
import { runReads } from "@/lib/runtime";
import { engineHost } from "@/lib/runtime/host";
import { toEventData } from "./run-dto";
import { requireRunRecord } from "./runs";

export const KEEPALIVE_MS = 15_000;

const encoder = new TextEncoder();

const isTerminal = (e: StoredEvent) => e.data.type === "run.status" && (e.data.status === "completed" || e.data.status === "failed");

function frame(e: StoredEvent): string {
  return `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(toEventData(e))}\n\n`;
}

/** Opens the stream (404 for an unknown run, thrown before any byte is sent). */
export async function runEventStream({ id, lastEventId, signal }: { id: string; lastEventId: number; signal: AbortSignal }): Promise<ReadableStream<Uint8Array>> {
  await requireRunRecord(id);
  const { bus } = engineHost();
  const store = runReads();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let last = lastEventId;
      let replaying = true;
      let ended = false;
      const buffered: RunEventMessage[] = [];
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        controller.close();
      };
      const deliver = (message: RunEventMessage) => {
        if (message.kind === "delta") {
          send(`event: step.delta\ndata: ${JSON.stringify(message.event)}\n\n`);
          return;
        }
        for (const e of message.events) {
          if (e.seq <= last) continue;
          last = e.seq;
          send(frame(e));
          ended = isTerminal(e);
        }
        // A replayed failure may have been resumed since: only the newest status decides.
        if (ended && !replaying) close();
      };
      const unsubscribe = bus.subscribe(id, (m) => (replaying ? buffered.push(m) : deliver(m)));
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      const onAbort = () => close();
      cleanup = () => {
        unsubscribe();
        clearInterval(keepalive);
        signal.removeEventListener("abort", onAbort);
      };
      signal.addEventListener("abort", onAbort);
      if (signal.aborted) return close();

      send("retry: 2000\n\n");
      await bus.live(id);
      const stored = await store.listEvents(id, lastEventId);
      deliver({ kind: "events", events: stored });
      for (const m of buffered.splice(0)) deliver(m);
      replaying = false;
      if (ended) return close();
      // Reconnecting after the terminal event: nothing was replayed, and nothing more will come.
      const { status } = await requireRunRecord(id);
      if (stored.length === 0 && (status === "completed" || status === "failed") && (await store.listEvents(id, last)).length === 0) close();
    },
    cancel() {
      cleanup();
    },
  });
}

/** A minimal Server-Sent Events reader for tests (fetch + stream parsing, no browser), as the test admin. */
import { checkEvent } from "./contract";
import { adminAuth } from "./server";

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseConnection {
  events: SseEvent[];
  /** Raw text received so far. */
  raw(): string;
  /** Resolves with the first event (from the start) matching `pred`. */
  waitFor(pred: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  closed: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream; `lastEventId` is sent as the `Last-Event-ID` header. */
export async function openSse(url: string, lastEventId?: number): Promise<SseConnection> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { ...adminAuth(), ...(lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) }) }, signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`SSE ${url} answered ${res.status}: ${await res.text()}`);
  const events: SseEvent[] = [];
  const waiters: { pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let text = "";
  let pending = "";
  // The first event outside its schema: every later wait fails with it.
  let drift: Error | undefined;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const closed = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        pending += chunk;
        let cut: number;
        while ((cut = pending.indexOf("\n\n")) >= 0) {
          const block = pending.slice(0, cut);
          pending = pending.slice(cut + 2);
          const e = parseBlock(block);
          if (!e) continue;
          try {
            checkEvent(url, e.event, e.data);
          } catch (err) {
            drift ??= err as Error;
          }
          events.push(e);
          for (const w of [...waiters]) {
            if (!w.pred(e)) continue;
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    events,
    raw: () => text,
    closed,
    close: () => abort.abort(),
    waitFor(pred, timeoutMs = 15_000) {
      if (drift) return Promise.reject(drift);
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching SSE event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(", ")}`)), timeoutMs);
        waiters.push({ pred, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
  };
}

function parseBlock(block: string): SseEvent | null {
  let id: string | undefined;
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":") || line === "") continue;
    const sep = line.indexOf(":");
    const field = sep < 0 ? line : line.slice(0, sep);
    const value = sep < 0 ? "" : line.slice(sep + 1).replace(/^ /, "");
    if (field === "id") id = value;
    else if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  return { id, event, data: JSON.parse(data.join("\n")) };
}

import "server-only";
/**
 * A workflow's Server-Sent Events stream: one `workflow.saved` per version after the one the
 * client has, oldest first, then each new one as it is saved. Saves in this process wake
 * the stream at once (lib/runtime/workflow-channel.ts); a slow poll of the store catches
 * those made by other processes. The versions themselves are always read from the store,
 * so a wake-up that races a reconnect sends nothing twice.
 */
import { storage, type VersionRecord } from "@/lib/db";
import { workflowChannel } from "@/lib/runtime/workflow-channel";
import { KEEPALIVE_MS } from "./run-events";
import type { WorkflowSavedEvent } from "./workflow-params";
import { requireWorkflow } from "./workflows";

/** How often the store is checked for saves other processes made. */
export const POLL_MS = 2_000;

const encoder = new TextEncoder();

const toEvent = (v: Omit<VersionRecord, "graph">): WorkflowSavedEvent => ({
  workflow_id: v.workflow_id,
  version: v.version,
  saved_by: { id: v.created_by, name: v.created_by_name },
  saved_at: v.created_at,
  note: v.note,
  layout_only: v.layout_only,
});

/** Opens the stream (404 for an unknown or deleted workflow, thrown before any byte is sent). */
export async function workflowEventStream({ id, afterVersion, signal }: { id: string; afterVersion?: number; signal: AbortSignal }): Promise<ReadableStream<Uint8Array>> {
  const current = await requireWorkflow({ id });
  let last = afterVersion ?? current.version;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      // One read at a time: a wake-up during a read reads again after it, from the new `last`.
      let reading: Promise<void> = Promise.resolve();
      const read = async () => {
        for (const v of await storage().versions.listAfter({ workflowId: id, afterVersion: last, limit: 100 })) {
          last = v.version;
          send(`id: ${v.version}\nevent: workflow.saved\ndata: ${JSON.stringify(toEvent(v))}\n\n`);
        }
      };
      const flush = () => {
        reading = reading.then(() => (closed ? undefined : read())).catch((err: unknown) => console.error(`workflow events of ${id}: ${String(err)}`));
      };
      const unsubscribe = workflowChannel().subscribe(id, (version) => version > last && flush());
      const poll = setInterval(flush, POLL_MS);
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        controller.close();
      };
      cleanup = () => {
        unsubscribe();
        clearInterval(poll);
        clearInterval(keepalive);
        signal.removeEventListener("abort", close);
      };
      signal.addEventListener("abort", close);
      if (signal.aborted) return close();
      send("retry: 2000\n\n");
      flush();
    },
    cancel() {
      cleanup();
    },
  });
}

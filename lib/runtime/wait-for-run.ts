/**
 * `?wait=` support: resolve when a run reaches a status a caller can act on, or when the
 * time is up, whichever comes first. Driven by the event bus, never by polling.
 */
import { SETTLED_STATUSES, settles, type RunEventBus, type RunStatus } from "@/engine/ports";

/** Statuses after which a waiting caller gets its answer, and whether an event is the run reaching one. */
export { SETTLED_STATUSES, settles };

/**
 * Subscribes at once (call it BEFORE starting the run, so no event can slip by) and
 * resolves with the settled status, or null on timeout or when `also` settles first
 * (e.g. the run's segment ended with an error).
 */
export function waitForRun(bus: RunEventBus, runId: string, ms: number): { promise: Promise<RunStatus | null>; also(p: Promise<unknown>): void; cancel(): void } {
  let finish: (status: RunStatus | null) => void = () => undefined;
  let unsubscribe = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined = undefined;
  const promise = new Promise<RunStatus | null>((resolve) => {
    finish = (status) => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      resolve(status);
    };
  });
  unsubscribe = bus.subscribe(
    runId,
    (message) => {
      if (message.kind !== "events") return;
      // The newest settle: a read from another process's run may carry earlier ones too.
      const settled = message.events.findLast(settles);
      if (settled) finish(settled.data.status);
    },
    { settledOnly: true },
  );
  timer = setTimeout(() => finish(null), ms);
  timer.unref?.();
  return {
    promise,
    also: (p) => void p.then(() => finish(null), () => finish(null)),
    cancel: () => finish(null),
  };
}

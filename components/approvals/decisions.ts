/**
 * Gate decisions made in this browser, for whatever counts pending approvals (the
 * navigation's badge, the inbox) to follow at once instead of at its next poll: the form
 * that sent a decision announces it here. Other tabs of the app hear it too.
 */
type Listener = (runId: string) => void;

const listeners = new Set<Listener>();
const CHANNEL = "switchyard:gate-decisions";
let channel: BroadcastChannel | null | undefined;

function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener("message", (e: MessageEvent<string>) => emit(e.data));
  }
  return channel;
}

function emit(runId: string): void {
  for (const listener of listeners) listener(runId);
}

/** Says that the signed-in person has just decided (approved or rejected) the gate of `runId`. */
export function announceDecision(runId: string): void {
  emit(runId);
  tabs()?.postMessage(runId);
}

/** Calls `listener` with the run of each decision made here or in another tab; returns the unsubscribe function. */
export function onDecision(listener: Listener): () => void {
  tabs();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The in-process event bus: the engine publishes each run's events here right after they
 * are committed, and SSE streams and `?wait=` callers subscribe per run. Nothing is kept:
 * a late subscriber replays from the store and follows the bus from then on.
 */
import type { DeltaEvent, EventSink, StoredEvent } from "@/engine/ports";

/** What a subscriber receives: committed events (with seq) or a live-only delta. */
export type BusMessage = { kind: "events"; events: StoredEvent[] } | { kind: "delta"; event: DeltaEvent };

export type BusListener = (message: BusMessage) => void;

export class RunEventBus implements EventSink {
  private readonly listeners = new Map<string, Set<BusListener>>();

  /** Listen to one run; returns the unsubscribe function (call it on disconnect). */
  subscribe(runId: string, listener: BusListener): () => void {
    let set = this.listeners.get(runId);
    if (!set) {
      set = new Set();
      this.listeners.set(runId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(runId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(runId);
    };
  }

  /** Whether the run has at least one subscriber. */
  listening(runId: string): boolean {
    return this.listeners.has(runId);
  }

  /** Number of runs with at least one subscriber (leak checks). */
  subscribedRuns(): number {
    return this.listeners.size;
  }

  publish(runId: string, events: StoredEvent[]): void {
    if (events.length > 0) this.emit(runId, { kind: "events", events });
  }

  delta(event: DeltaEvent): void {
    this.emit(event.run_id, { kind: "delta", event });
  }

  /** Deliver a message received from another bus (the engine host thread's relay). */
  forward(runId: string, message: BusMessage): void {
    this.emit(runId, message);
  }

  private emit(runId: string, message: BusMessage): void {
    const set = this.listeners.get(runId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (err) {
        console.error(`event listener of run ${runId} failed`, err);
      }
    }
  }
}

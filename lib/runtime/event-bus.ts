/**
 * The in-process event bus: the engine publishes each run's events here right after they
 * are committed, and SSE streams and `?wait=` callers subscribe per run. Nothing is kept:
 * a late subscriber replays from the store and follows the bus from then on.
 */
import type { DeltaEvent, EventSink, StoredEvent } from "@/engine/ports";
import { TopicBus } from "./topic-bus";

/** What a subscriber receives: committed events (with seq) or a live-only delta. */
export type BusMessage = { kind: "events"; events: StoredEvent[] } | { kind: "delta"; event: DeltaEvent };

export type BusListener = (message: BusMessage) => void;

export class RunEventBus implements EventSink {
  private readonly topics = new TopicBus<BusMessage>("event");

  /** Listen to one run; returns the unsubscribe function (call it on disconnect). */
  subscribe(runId: string, listener: BusListener): () => void {
    return this.topics.subscribe(runId, listener);
  }

  /** Whether the run has at least one subscriber. */
  listening(runId: string): boolean {
    return this.topics.listening(runId);
  }

  /** Number of runs with at least one subscriber (leak checks). */
  subscribedRuns(): number {
    return this.topics.topics();
  }

  publish(runId: string, events: StoredEvent[]): void {
    if (events.length > 0) this.topics.emit(runId, { kind: "events", events });
  }

  delta(event: DeltaEvent): void {
    this.topics.emit(event.run_id, { kind: "delta", event });
  }

  /** Deliver a message received from another bus (the engine host thread's relay). */
  forward(runId: string, message: BusMessage): void {
    this.topics.emit(runId, message);
  }
}

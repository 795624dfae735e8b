/**
 * The run event bus of one thread (the engine port `RunEventBus`): the engine publishes each
 * run's events here right after they are committed, and SSE streams and `?wait=` callers
 * subscribe per run. On the request thread the same bus is fed by a relay from the engine
 * thread (lib/runtime/host), started by a run's first subscriber and stopped by its last.
 */
import type { DeltaEvent, RunEventBus, RunEventListener, RunEventMessage, RunEventSubscription, StoredEvent } from "@/engine/ports";
import { TopicBus } from "./topic-bus";

/** Where a bus gets the events of runs executed on another thread. */
export interface RunEventRelay {
  /** A run's first subscriber here: resolves once the other thread relays its events. */
  start(runId: string): Promise<void>;
  /** Its last subscriber left. */
  stop(runId: string): void;
}

export class LocalRunEventBus implements RunEventBus {
  private readonly topics = new TopicBus<RunEventMessage>("event");
  private readonly relayed = new Map<string, Promise<void>>();
  /** Per run with subscribers: the highest event seq published here. */
  private readonly seen = new Map<string, number>();
  /** Per run: how many of its subscribers need every commit (not only the settling one). */
  private readonly everyCommit = new Map<string, number>();

  constructor(private readonly relay?: RunEventRelay) {}

  subscribe(runId: string, listener: RunEventListener, options?: RunEventSubscription): () => void {
    if (this.relay && !this.topics.listening(runId)) this.relayed.set(runId, this.relay.start(runId));
    const unsubscribe = this.topics.subscribe(runId, listener);
    const every = !options?.settledOnly;
    if (every) this.everyCommit.set(runId, (this.everyCommit.get(runId) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      unsubscribe();
      if (every) {
        const left = (this.everyCommit.get(runId) ?? 1) - 1;
        if (left > 0) this.everyCommit.set(runId, left);
        else this.everyCommit.delete(runId);
      }
      if (!this.topics.listening(runId)) this.seen.delete(runId);
      if (!this.relay || this.topics.listening(runId)) return;
      this.relayed.delete(runId);
      this.relay.stop(runId);
    };
  }

  live(runId: string): Promise<void> {
    return this.relayed.get(runId) ?? Promise.resolve();
  }

  /** Whether the run has at least one subscriber. */
  listening(runId: string): boolean {
    return this.topics.listening(runId);
  }

  /** Whether some subscriber of the run needs every commit's events, not only the settling one's. */
  needsEveryCommit(runId: string): boolean {
    return this.everyCommit.has(runId);
  }

  /** Number of runs with at least one subscriber (leak checks). */
  subscribedRuns(): number {
    return this.topics.topics();
  }

  /** The highest event seq of the run this bus has carried since its first subscriber came (0 when none). */
  lastSeq(runId: string): number {
    return this.seen.get(runId) ?? 0;
  }

  publish(runId: string, events: StoredEvent[]): void {
    if (events.length === 0) return;
    if (this.topics.listening(runId)) this.seen.set(runId, Math.max(this.lastSeq(runId), events[events.length - 1].seq));
    this.topics.emit(runId, { kind: "events", events });
  }

  delta(event: DeltaEvent): void {
    this.topics.emit(event.run_id, { kind: "delta", event });
  }
}

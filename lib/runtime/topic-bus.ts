/**
 * Listeners by topic, in this process: the one bus shape behind a run's events (keyed by
 * run id) and a workflow's saves (keyed by workflow id). Nothing is kept: a late listener
 * reads what it missed from the store. A throwing listener is logged and does not stop
 * the others.
 */
export class TopicBus<M> {
  private readonly listeners = new Map<string, Set<(message: M) => void>>();

  constructor(private readonly what: string) {}

  /** Listen to one topic; returns the unsubscribe function (call it on disconnect). */
  subscribe(topic: string, listener: (message: M) => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(topic);
    };
  }

  /** Whether the topic has at least one listener. */
  listening(topic: string): boolean {
    return this.listeners.has(topic);
  }

  /** Number of topics with at least one listener (leak checks). */
  topics(): number {
    return this.listeners.size;
  }

  emit(topic: string, message: M): void {
    const set = this.listeners.get(topic);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (err) {
        console.error(`${this.what} listener of ${topic} failed`, err);
      }
    }
  }
}

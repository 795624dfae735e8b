/**
 * Runs other processes drive, on a database several processes share (PostgreSQL): their
 * committed events reach this thread's subscribers, read from the events table when a notice
 * says there are new ones (lib/db/ports `RunNotices`); this process's own commits are
 * announced the same way. Subscribers take events in seq order and skip what they have, so an
 * event that arrives both from this process's engine and from the table is shown once.
 */
import type { RunNotices } from "@/lib/db";
import type { RunEventPublisher, StoredEvent } from "@/engine/ports";
import { errorMessage } from "@/engine/errors";
import type { LocalRunEventBus } from "./event-bus";

/** Publishes on `bus` and tells the other processes, after each commit. */
export function announcing(bus: LocalRunEventBus, notices: RunNotices | null): RunEventPublisher {
  if (!notices) return bus;
  return {
    publish(runId: string, events: StoredEvent[]) {
      bus.publish(runId, events);
      if (events.length > 0) notices.announce(runId, events[events.length - 1].seq);
    },
    delta: (event) => bus.delta(event),
  };
}

/**
 * Feeds `bus` the events other processes commit for runs it has subscribers for; resolves once
 * listening (events committed from then on arrive). Returns the function that stops it.
 */
export async function followOtherProcesses(bus: LocalRunEventBus, notices: RunNotices, listEvents: (runId: string, afterSeq: number) => Promise<StoredEvent[]>): Promise<() => void> {
  // Per run being read: whether another notice came meanwhile (read again after).
  const reading = new Map<string, boolean>();
  const pull = async (runId: string) => {
    if (reading.has(runId)) {
      reading.set(runId, true);
      return;
    }
    try {
      do {
        reading.set(runId, false);
        const events = await listEvents(runId, bus.lastSeq(runId));
        if (events.length > 0 && bus.listening(runId)) bus.publish(runId, events);
      } while (reading.get(runId) && bus.listening(runId));
    } finally {
      reading.delete(runId);
    }
  };
  return notices.listen({
    events(runId, seq) {
      if (!bus.listening(runId) || seq <= bus.lastSeq(runId)) return;
      pull(runId).catch((err: unknown) => console.error(`following run ${runId} from another process failed: ${errorMessage(err)}`));
    },
    control() {},
  });
}

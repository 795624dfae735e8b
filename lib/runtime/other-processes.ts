/**
 * Runs other processes drive, on a database several processes share (PostgreSQL): their
 * committed events reach this thread's subscribers, read from the events table when a notice
 * says there are new ones (lib/db/ports `RunNotices`, sent by the run store in each commit that
 * writes events, this process's too). Subscribers take events in seq order and skip what they
 * have, so an event that arrives both from this process's engine and from the table is shown
 * once. A run whose subscribers all wait for it to settle (`?wait=` callers) is read once, when a notice
 * says it settled, instead of after every commit, and then only its last few events.
 */
import type { RunNotices } from "@/lib/db";
import type { StoredEvent } from "@/engine/ports";
import { errorMessage } from "@/engine/errors";
import type { LocalRunEventBus } from "./event-bus";
import { settles } from "./wait-for-run";

/**
 * How far back from a settling commit's last event a run only waiting callers follow is read
 * first: its `run.status` is the commit's last event, so a run of thousands of events costs a
 * read of a few when it settles, not of all of them.
 */
export const SETTLED_TAIL = 8;

/**
 * Feeds `bus` the events other processes commit for runs it has subscribers for; resolves once
 * listening (events committed from then on arrive). Returns the function that stops it.
 */
export async function followOtherProcesses(bus: LocalRunEventBus, notices: RunNotices, listEvents: (runId: string, afterSeq: number) => Promise<StoredEvent[]>): Promise<() => void> {
  // Per run being read: the highest seq noticed meanwhile (read again if the read fell short of it).
  const reading = new Map<string, number>();
  /**
   * The end of a settling commit, published when it holds the settling event and still nobody
   * needs every commit; the seq it published up to, or 0.
   */
  const readTail = async (runId: string, seq: number): Promise<number> => {
    const tail = await listEvents(runId, Math.max(bus.lastSeq(runId), seq - SETTLED_TAIL));
    if (!tail.some(settles) || !bus.listening(runId) || bus.needsEveryCommit(runId)) return 0;
    bus.publish(runId, tail);
    return tail[tail.length - 1].seq;
  };
  const pull = async (runId: string, seq: number, settled: boolean) => {
    if (reading.has(runId)) {
      reading.set(runId, Math.max(seq, reading.get(runId)!));
      return;
    }
    reading.set(runId, seq);
    try {
      // What this pull has published up to: the bus forgets a run's seq when its last
      // subscriber leaves, and a subscriber that comes after must not get these events again.
      let published = settled && !bus.needsEveryCommit(runId) ? await readTail(runId, seq) : 0;
      const after = () => Math.max(published, bus.lastSeq(runId));
      // Everything after that (all of it when the tail was not enough).
      while (bus.listening(runId) && reading.get(runId)! > after()) {
        const events = await listEvents(runId, after());
        // (A read that finds nothing new ends it: the run may be gone.)
        if (events.length === 0 || !bus.listening(runId)) break;
        bus.publish(runId, events);
        published = events[events.length - 1].seq;
      }
    } finally {
      reading.delete(runId);
    }
  };
  return notices.listen({
    events(runId, seq, settled) {
      if (!bus.listening(runId) || seq <= bus.lastSeq(runId) || !(settled || bus.needsEveryCommit(runId))) return;
      pull(runId, seq, settled).catch((err: unknown) => console.error(`following run ${runId} from another process failed: ${errorMessage(err)}`));
    },
    control() {},
  });
}

/**
 * A clock a test moves by hand: `advance(ms)` fires every timer and wakes every sleeper due
 * by then, in deadline order, so timeouts, gate deadlines and delays run without real waits.
 */
import type { Clock } from "../ports";

interface Pending {
  at: number;
  seq: number;
  fire: () => void;
}

export interface ManualClock extends Clock {
  /** Moves time forward, firing what falls due (settling promise callbacks between timers). */
  advance(ms: number): Promise<void>;
  /** Timers and sleepers still waiting. */
  pending(): number;
}

export function manualClock(start = 1_000_000): ManualClock {
  let now = start;
  let seq = 0;
  const queue: Pending[] = [];
  const schedule = (ms: number, fire: () => void) => {
    const entry: Pending = { at: now + Math.max(0, ms), seq: seq++, fire };
    queue.push(entry);
    return () => {
      const i = queue.indexOf(entry);
      if (i >= 0) queue.splice(i, 1);
    };
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    random: () => 0.5,
    timer: schedule,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const onAbort = () => {
          cancel();
          reject(signal?.reason);
        };
        const cancel = schedule(ms, () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        });
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
    async advance(ms) {
      const until = now + ms;
      await settle();
      for (;;) {
        queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = queue[0];
        if (!next || next.at > until) break;
        queue.shift();
        now = next.at;
        next.fire();
        await settle();
      }
      now = until;
      await settle();
    },
    pending: () => queue.length,
  };
}

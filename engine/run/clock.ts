/** The real clock: wall time, timers that honour abort signals, Math.random. */
import type { Clock } from "../ports";

export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  timer(ms, fire) {
    const handle = setTimeout(fire, Math.max(0, ms));
    handle.unref?.();
    return () => clearTimeout(handle);
  },
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};

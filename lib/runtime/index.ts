/**
 * The process-wide run runtime, opened lazily on the shared raw connection (like `db()`),
 * and kept on `globalThis` so the instrumentation hook and every route bundle share one
 * engine, one event bus and one set of leases.
 */
import { db } from "@/lib/db/client";
import { RunRuntime } from "./run-runtime";

export { RunRuntime } from "./run-runtime";
export { RunEventBus, type BusListener, type BusMessage } from "./event-bus";
export { waitForRun, SETTLED_STATUSES } from "./wait-for-run";
export { DEFAULT_LEASE_TIMINGS, type LeaseTimings } from "./lease-keeper";

const globalForRuntime = globalThis as unknown as { switchyardRuntime?: RunRuntime };

/** The runtime of this process; recovery (heartbeat + orphan sweep) starts with it. */
export function runtime(): RunRuntime {
  if (!globalForRuntime.switchyardRuntime) {
    const rt = new RunRuntime(db().sqlite);
    globalForRuntime.switchyardRuntime = rt;
    rt.startRecovery();
  }
  return globalForRuntime.switchyardRuntime;
}

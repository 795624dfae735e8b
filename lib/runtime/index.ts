/**
 * The process-wide run runtime, opened lazily on this thread's run store (`storage()`), and
 * kept on `globalThis` so the instrumentation hook and every route bundle share one engine,
 * one event bus and one set of leases.
 */
import { createModelGateway } from "@/engine/models/gateway";
import { storage, type RunHostStore } from "@/lib/db";
import { createProviderCalls } from "@/lib/providers";
import { configuredRetentionDays } from "@/lib/db/retention-days";
import { createSecretResolver } from "@/lib/secrets/service";
import { processRole, workerConcurrency } from "./role";
import { RunRuntime } from "./run-runtime";

export { RunRuntime } from "./run-runtime";
export { LocalRunEventBus, type RunEventRelay } from "./event-bus";
export { waitForRun, SETTLED_STATUSES } from "./wait-for-run";
export { DEFAULT_LEASE_TIMINGS, type LeaseTimings } from "./lease-keeper";

const globalForRuntime = globalThis as unknown as { switchyardRuntime?: RunRuntime };

/**
 * The runtime of this thread; recovery (heartbeat + orphan sweep) starts with it. Only the
 * engine host (lib/runtime/host) calls this: one runtime drives the server's runs.
 */
export function runtime(): RunRuntime {
  if (!globalForRuntime.switchyardRuntime) {
    // Provider keys come from the environment; the secret key and the retention setting load
    // here, so a bad one fails at startup.
    const retentionDays = configuredRetentionDays();
    const role = processRole();
    const notices = storage().notices;
    const rt = new RunRuntime(storage().runStore(), {
      models: createModelGateway(createProviderCalls()), secrets: createSecretResolver(storage().secrets), notices,
      role, queue: role === "all" && !notices ? null : storage().queue(), concurrency: workerConcurrency(),
    });
    globalForRuntime.switchyardRuntime = rt;
    rt.startRecovery();
    // The spend rollup and retention are written where runs are: this thread owns the writes.
    storage().upkeep.start({ retentionDays, retentionIntervalMs: retentionIntervalMs() });
  }
  return globalForRuntime.switchyardRuntime;
}

/** How often the pruner runs: a minute; `SWITCHYARD_RUN_RETENTION_INTERVAL_MS` (tests) overrides it. */
function retentionIntervalMs(): number {
  const ms = Number(process.env.SWITCHYARD_RUN_RETENTION_INTERVAL_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : 60_000;
}

/**
 * Reads of runs (events, checkpoints, steps) without starting a runtime: this thread's run
 * store, the runtime's own where this thread has one (the engine host thread).
 */
export function runReads(): RunHostStore {
  return storage().runStore();
}

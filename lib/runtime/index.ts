/**
 * The process-wide run runtime, opened lazily on the shared raw connection (like `db()`),
 * and kept on `globalThis` so the instrumentation hook and every route bundle share one
 * engine, one event bus and one set of leases.
 */
import { createModelGateway } from "@/engine/models/gateway";
import { storage } from "@/lib/db";
import { db } from "@/lib/db/client";
import { createProviderCalls } from "@/lib/providers";
import { SqliteRunStore } from "@/lib/db/run-store";
import { configuredRetentionDays, startRunPruner } from "@/lib/db/retention";
import { startSpendFolder } from "@/lib/db/spend";
import { createSecretResolver } from "@/lib/secrets/service";
import { RunRuntime } from "./run-runtime";

export { RunRuntime } from "./run-runtime";
export { LocalRunEventBus, type RunEventRelay } from "./event-bus";
export { waitForRun, SETTLED_STATUSES } from "./wait-for-run";
export { DEFAULT_LEASE_TIMINGS, type LeaseTimings } from "./lease-keeper";

const globalForRuntime = globalThis as unknown as { switchyardRuntime?: RunRuntime; switchyardRunReads?: SqliteRunStore };

/**
 * The runtime of this thread; recovery (heartbeat + orphan sweep) starts with it. Only the
 * engine host (lib/runtime/host) calls this: one runtime drives the server's runs.
 */
export function runtime(): RunRuntime {
  if (!globalForRuntime.switchyardRuntime) {
    // Provider keys come from the environment; the secret key and the retention setting load
    // here, so a bad one fails at startup.
    const retentionDays = configuredRetentionDays();
    const rt = new RunRuntime(db().sqlite, { models: createModelGateway(createProviderCalls()), secrets: createSecretResolver(storage().secrets) });
    globalForRuntime.switchyardRuntime = rt;
    rt.startRecovery();
    // The spend rollup is written where runs are: this thread owns the writes.
    startSpendFolder(db().sqlite);
    if (retentionDays !== null) startRunPruner(db().sqlite, { retentionDays, intervalMs: retentionIntervalMs() });
  }
  return globalForRuntime.switchyardRuntime;
}

/** How often the pruner runs: a minute; `SWITCHYARD_RUN_RETENTION_INTERVAL_MS` (tests) overrides it. */
function retentionIntervalMs(): number {
  const ms = Number(process.env.SWITCHYARD_RUN_RETENTION_INTERVAL_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : 60_000;
}

/**
 * Reads of runs (events, checkpoints, steps) on this thread's connection, without starting
 * a runtime: the runtime's own store where this thread has one (the engine host thread).
 */
export function runReads(): SqliteRunStore {
  const rt = globalForRuntime.switchyardRuntime;
  if (rt) return rt.store;
  globalForRuntime.switchyardRunReads ??= new SqliteRunStore(db().sqlite);
  return globalForRuntime.switchyardRunReads;
}

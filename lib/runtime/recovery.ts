/**
 * Crash recovery (SPEC §5): find runs nobody alive is driving and drive them here.
 * - `running` with an expired (or no) lease: the process died mid-run → resume from the
 *   latest checkpoint (the node in flight runs again with the same idempotency key).
 * - `pending` with an expired lease: the trigger's process died before starting it → start.
 * - leased by a process on this host that no longer exists → take over at once.
 * - `paused` past its gate deadline → fail with `gate timeout`. Other gates stay parked.
 * - a run whose segments here stopped with an error rests before it is resumed again, and
 *   is failed after too many such stops in a row (`StallPolicy` in ./run-runtime.ts).
 * - a running run taken over from a dead process too many times in a row without settling a
 *   step in between (its node takes the server down: a crash loop) is failed instead of
 *   resumed (lib/db/run-takeovers.ts).
 */
import type { Engine, RunHandle } from "@/engine/engine";
import { errorMessage } from "@/engine/errors";
import type { RunRecord } from "@/engine/ports";
import type { OrphanRow, RunLeaseStore } from "@/lib/db";
import type { LeaseKeeper } from "./lease-keeper";
import { ownerIsDead } from "./process-id";

const BATCH = 50;

/** Takeovers from a dead process in a row, without a step settled between them, before the run is failed instead. */
export const MAX_TAKEOVERS = 5;

/** What a sweep needs of the runtime it recovers runs into (lib/runtime/run-runtime.ts is one). */
export interface RecoveryHost {
  readonly store: { readonly leases: RunLeaseStore };
  readonly owner: string;
  readonly leases: LeaseKeeper;
  readonly engine: Pick<Engine, "isActive" | "start" | "resume" | "expireGate">;
  recoveryOf(runId: string, now?: number): "resume" | "rest" | "abandon";
  /** Sets aside up to `wanted` runs' room, handed back with `release` (lib/runtime/run-runtime.ts). */
  reserve(wanted: number): { count: number; release(): void };
  abandon(runId: string): Promise<void>;
  failCrashLoop(runId: string, token: number, reason: string): Promise<void>;
  drive<H extends RunHandle>(runId: string, op: () => Promise<H>, token?: number): Promise<H>;
  decide(runId: string, op: () => Promise<RunRecord | null>, token?: number): Promise<RunRecord | null>;
}

/** A lost race (the run moved on, another process settled it): expected, not an error. */
export function isBadState(err: unknown): boolean {
  return err instanceof Error && err.name === "EngineError" && (err as Error & { code?: unknown }).code === "bad_state";
}

export async function sweepOrphans(rt: RecoveryHost, now = Date.now()): Promise<void> {
  const stored = rt.store.leases;
  for (const orphan of await stored.orphans({ owner: rt.owner, now, limit: BATCH })) {
    if (rt.leases.holds(orphan.id) || rt.engine.isActive(orphan.id)) continue;
    const next = rt.recoveryOf(orphan.id, now);
    if (next === "rest") continue;
    if (next === "abandon") {
      await rt.abandon(orphan.id);
      continue;
    }
    const room = rt.reserve(1);
    try {
      if (room.count > 0) await recover(rt, orphan, now);
    } finally {
      room.release();
    }
  }
  for (const runId of await stored.expiredGates({ now, limit: BATCH })) {
    if (rt.leases.holds(runId)) continue;
    await rt.decide(runId, () => rt.engine.expireGate(runId)).catch((err: unknown) => quiet(err) || console.error(`expiring the gate of run ${runId} failed: ${errorMessage(err)}`));
  }
}

/** Claims an orphan (or takes it over from a dead owner) and starts or resumes it here. */
async function recover(rt: RecoveryHost, orphan: OrphanRow, now: number): Promise<void> {
  const stored = rt.store.leases;
  let token: number | null = null;
  const expired = orphan.owner === null || orphan.expiresAt === null || orphan.expiresAt < now;
  if (expired) {
    token = await rt.leases.claim(orphan.id, now);
  } else if (orphan.owner !== null && ownerIsDead(orphan.owner, rt.owner)) {
    const taken = await stored.takeOver({ runId: orphan.id, owner: rt.owner, previous: orphan.owner, status: orphan.status, now, ttlMs: rt.leases.timings.ttlMs });
    token = taken ? rt.leases.adopt(orphan.id) : null;
  }
  if (token === null) return;
  // Another process was driving it and is gone (this process's own expired lease is not a death).
  if (orphan.status === "running" && orphan.owner !== null && orphan.owner !== rt.owner) {
    const { takeovers, in_flight } = await stored.noteTakeover(orphan.id);
    if (takeovers > MAX_TAKEOVERS) return rt.failCrashLoop(orphan.id, token, crashLoopReason(takeovers, in_flight));
  }
  const op = orphan.status === "pending" ? () => rt.engine.start(orphan.id) : () => rt.engine.resume(orphan.id);
  await rt.drive(orphan.id, op, token).then(
    () => console.info(`run ${orphan.id}: ${orphan.status === "pending" ? "started" : "resumed"} by recovery`),
    (err: unknown) => quiet(err) || console.error(`recovering run ${orphan.id} failed: ${errorMessage(err)}`),
  );
}

function crashLoopReason(takeovers: number, inFlight: string[]): string {
  const nodes = inFlight.length === 0 ? "" : ` (in flight: ${inFlight.slice(0, 5).join(", ")}${inFlight.length > 5 ? ", …" : ""})`;
  return `the server stopped ${takeovers} times in a row while running this run, each time before it settled another step${nodes}; it is not resumed again — resume it by hand once the cause is fixed`;
}

/** Lost races (the run moved on, another process took it) are expected, not errors. */
const quiet = isBadState;

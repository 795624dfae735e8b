import "server-only";
/**
 * Run retention (`SWITCHYARD_RUN_RETENTION_DAYS`): runs that finished (completed or failed)
 * longer ago than the retention period are deleted with their steps, checkpoints and
 * events, a batch at a time, by a pruner on the engine's thread. What stays:
 * - runs that can still move (pending, running, paused at a gate), whatever their age;
 * - spend: only runs already folded into the rollup are deleted, so the spend report's
 *   totals do not change (its drill-down lists only the runs still kept);
 * - the audit trail, which is never deleted: each pass that deletes runs appends one
 *   `run.prune` row saying how many and up to when.
 * The database file keeps its size; SQLite reuses the freed pages for new runs.
 */
import { performance } from "node:perf_hooks";
import type Database from "better-sqlite3";
import { appendAudit } from "./audit";
import { isoTime, sqlTime } from "./timestamps";
import { inRun } from "./run-statements";
import { SYSTEM_ACTOR } from "@/lib/auth/actor";
import { stmt } from "./statement-cache";

export { configuredRetentionDays, parseRetentionDays, RetentionConfigError } from "./retention-days";

const DAY_MS = 86_400_000;

/**
 * Deletable: settled, folded into the spend rollup, finished before the cutoff; oldest
 * first. A run finishes after it is created, so the `(status, created_at)` index narrows
 * the search; a run parked at a gate for long and approved lately is skipped until it too
 * has been finished for the whole period.
 */
const PICK = (status: string) =>
  `SELECT num FROM runs INDEXED BY runs_status_created_at_idx
   WHERE status = '${status}' AND created_at < @cutoff AND COALESCE(finished_at, created_at) < @cutoff AND spend_folded = 1 ORDER BY created_at LIMIT @limit`;
const DELETE_SQL = [
  ...(["steps", "checkpoints", "run_events"] as const).map((table) => `DELETE FROM ${table} WHERE ${inRun("?")}`),
  "DELETE FROM runs WHERE num = ?",
];

/**
 * Deletes up to `limit` runs that finished before `before` (epoch ms), with their rows,
 * in one transaction; returns how many.
 *
 * The child tables reference `runs.id` without an index on it (their rows are found by run
 * number), so with foreign keys on, deleting a run row would make SQLite scan all three
 * tables for children: 110 ms per run at 6,500 runs, against ~100 µs without the check.
 * The children are deleted explicitly first, so the check is turned off for this
 * transaction (a pragma SQLite ignores inside one: the pass is skipped then).
 */
export function pruneRuns(conn: Database.Database, before: number, limit = 50): number {
  if (conn.inTransaction) return 0;
  const cutoff = sqlTime(before);
  conn.pragma("foreign_keys = OFF");
  try {
    return conn.transaction(() => {
      const nums = [
        ...(stmt(conn, PICK("completed")).pluck().all({ cutoff, limit }) as number[]),
        ...(stmt(conn, PICK("failed")).pluck().all({ cutoff, limit }) as number[]),
      ].slice(0, limit);
      if (nums.length === 0) return 0;
      const deletes = DELETE_SQL.map((sql) => stmt(conn, sql));
      for (const num of nums) for (const d of deletes) d.run(num);
      return nums.length;
    }).immediate();
  } finally {
    conn.pragma("foreign_keys = ON");
  }
}

/** How many runs a pass deleted, and the cutoff it used (for its audit row). */
export interface PrunePass {
  deleted: number;
  before: number;
}

/**
 * Every `intervalMs`, deletes the runs that finished over `retentionDays` ago, a batch at a
 * time (a chain_10 run costs ~100 µs to delete, so a batch of 50 holds the thread ~5 ms),
 * yielding to the event loop between batches so the thread's runs commit in between,
 * until none are left or the pass has spent its share of the interval: `share` (10 %), or
 * `busyShare` (5 %) while the thread was busy over the last interval. 5 % deletes ~500 runs
 * a second, more than the server can run, so retention keeps up even under full load. A
 * pass that deleted runs appends one audit row. Returns a stop function.
 */
export function startRunPruner(
  conn: Database.Database,
  {
    retentionDays,
    intervalMs = 60_000,
    share = 0.1,
    busyShare = 0.05,
    busyAbove = 0.7,
    batch = 50,
    now = Date.now,
    onPass,
  }: { retentionDays: number; intervalMs?: number; share?: number; busyShare?: number; busyAbove?: number; batch?: number; now?: () => number; onPass?: (pass: PrunePass) => void },
): () => void {
  let stopped = false;
  let pruning = false;
  let elu = performance.eventLoopUtilization();
  const finish = (pass: PrunePass) => {
    pruning = false;
    if (pass.deleted === 0 || stopped) return;
    try {
      appendAudit(conn, {
        action: "run.prune",
        actor: SYSTEM_ACTOR,
        targetType: "run",
        targetId: "*",
        details: { deleted: pass.deleted, finished_before: isoTime(pass.before), retention_days: retentionDays },
      });
    } catch (err) {
      console.error("run retention: audit row failed", err);
    }
    onPass?.(pass);
  };
  const step = (pass: PrunePass, spent: number, budget: number) => {
    if (stopped) return;
    const t0 = performance.now();
    let deleted = 0;
    try {
      deleted = pruneRuns(conn, pass.before, batch);
    } catch (err) {
      // A busy database or a closed connection: the runs stay until the next pass.
      console.error("run retention: prune failed", err);
    }
    pass.deleted += deleted;
    const used = spent + performance.now() - t0;
    if (deleted === batch && used < budget) setImmediate(step, pass, used, budget);
    else finish(pass);
  };
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(current, elu).utilization > busyAbove;
    elu = current;
    if (pruning) return;
    pruning = true;
    step({ deleted: 0, before: now() - retentionDays * DAY_MS }, 0, intervalMs * (busy ? busyShare : share));
  }, intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

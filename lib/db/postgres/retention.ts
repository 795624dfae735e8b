/**
 * Run retention on PostgreSQL (lib/db/retention.ts on SQLite): settled runs finished longer
 * ago than the retention period, and already folded into the spend rollup, are deleted with
 * their steps, checkpoints and events, a batch at a time; each pass that deletes runs appends
 * one `run.prune` audit row. Every process may start the pruner; one at a time does a pass
 * (the retention session lock), the others skip it.
 */
import type pg from "pg";
import { SYSTEM_ACTOR } from "@/lib/auth/actor";
import { isoTime } from "../timestamps";
import { exclusivePass } from "./advisory-locks";
import { appendAuditInTransaction } from "./audit";
import { BEGIN_BY_KEY, withTransactionOn } from "./session";

const DAY_MS = 86_400_000;

/**
 * Deletable: settled, folded, finished before the cutoff; oldest first. Locked, skipping
 * rows another transaction holds: a run resumed meanwhile is left to it (and no longer
 * matches once it commits).
 */
const PICK = `SELECT num FROM runs
  WHERE status = $1 AND created_at < $2 AND COALESCE(finished_at, created_at) < $2 AND spend_folded = 1
  ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED`;

/**
 * The child rows go first, found by run number (their index); the runs' own delete then
 * finds none left for its foreign keys' cascades. Those look children up by `run_id`,
 * which no index of the schema serves: each deleted run costs one scan of each child table
 * (SQLite switches the check off instead, which PostgreSQL allows only a superuser).
 */
const DELETE_SQL = [...(["steps", "checkpoints", "run_events"] as const).map((table) => `DELETE FROM ${table} WHERE run_num = ANY($1)`), "DELETE FROM runs WHERE num = ANY($1)"];

/** Deletes up to `limit` runs that finished before `before` (epoch ms), with their rows, in one transaction on `client`; how many. */
export function pruneRuns(client: pg.PoolClient, before: number, limit = 50): Promise<number> {
  const cutoff = new Date(before);
  return withTransactionOn(client, async (sql) => {
    const nums: number[] = [];
    for (const status of ["completed", "failed"]) {
      if (nums.length < limit) nums.push(...(await sql.rows<{ num: number }>(PICK, [status, cutoff, limit - nums.length])).map((r) => r.num));
    }
    if (nums.length === 0) return 0;
    for (const text of DELETE_SQL) await sql.run(text, [nums]);
    return nums.length;
  }, BEGIN_BY_KEY);
}

export interface PrunePass {
  deleted: number;
  before: number;
}

/**
 * Every `intervalMs`, one process deletes the runs that finished over `retentionDays` ago,
 * a batch at a time, until none are left or the pass has spent `share` of the interval; a
 * pass that deleted runs appends one audit row before it lets go of the lock. Returns a
 * stop function.
 */
export function startRunPruner(
  pool: pg.Pool,
  { retentionDays, intervalMs = 60_000, share = 0.1, batch = 50, now = Date.now, onPass }: { retentionDays: number; intervalMs?: number; share?: number; batch?: number; now?: () => number; onPass?: (pass: PrunePass) => void },
): () => void {
  let stopped = false;
  let pruning = false;
  const pass = async () => {
    const t0 = performance.now();
    const done = await exclusivePass(pool, "retention", async (client) => {
      const p: PrunePass = { deleted: 0, before: now() - retentionDays * DAY_MS };
      let deleted: number;
      do {
        deleted = await pruneRuns(client, p.before, batch);
        p.deleted += deleted;
      } while (!stopped && deleted === batch && performance.now() - t0 < intervalMs * share);
      if (p.deleted > 0) {
        await withTransactionOn(client, (sql) =>
          appendAuditInTransaction(sql, {
            action: "run.prune",
            actor: SYSTEM_ACTOR,
            targetType: "run",
            targetId: "*",
            details: { deleted: p.deleted, finished_before: isoTime(p.before), retention_days: retentionDays },
          }),
        );
      }
      return p;
    });
    if (done.ran && done.value.deleted > 0) onPass?.(done.value);
  };
  const timer = setInterval(() => {
    if (pruning || stopped) return;
    pruning = true;
    pass()
      // A busy or unreachable database: the runs stay until the next pass.
      .catch((err: unknown) => stopped || console.error("run retention: pass failed", err))
      .finally(() => (pruning = false));
  }, intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

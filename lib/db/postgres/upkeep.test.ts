import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sqlTime } from "../timestamps";
import { LOCK_NAMESPACE, LOCKS, type LockName } from "./advisory-locks";
import { startRunPruner, type PrunePass } from "./retention";
import { startSpendFolder } from "./spend-folder";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";

/**
 * Upkeep in several processes: each pass is done by the one process holding its job's lock,
 * and skipped by the others (a session of its own here stands for another process mid-pass).
 */

const DAY = 86_400_000;
let db: PostgresTestDatabase;

beforeAll(async () => {
  db = await createPostgresTestDatabase();
});
afterAll(() => db?.close());
beforeEach(async () => {
  await db.pool.query("DELETE FROM runs; DELETE FROM workflows; DELETE FROM spend_rollup; DELETE FROM audit_entries");
  await db.pool.query(`INSERT INTO workflows (id, name, graph, updated_at) VALUES ('wf', 'Flow', '{"nodes":[],"edges":[]}', now())`);
});

async function seedRun(num: number, ageDays: number, folded: boolean): Promise<void> {
  const at = sqlTime(Date.now() - ageDays * DAY);
  await db.pool.query(
    "INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, finished_at, num, cost_micros, spend_folded) VALUES ($1, 'wf', 1, 'completed', '{}', $2, $2, $3, 100, $4)",
    [`r${num}`, at, num, folded ? 1 : 0],
  );
}

/** Runs `fn` while another session holds `lock`. */
async function whileHeld(lock: LockName, fn: () => Promise<void>): Promise<void> {
  const other = await db.pool.connect();
  try {
    await other.query("SELECT pg_advisory_lock($1, $2)", [LOCK_NAMESPACE, LOCKS[lock]]);
    await fn();
  } finally {
    await other.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, LOCKS[lock]]);
    other.release();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const count = async (sql: string) => ((await db.pool.query<{ n: number }>(sql)).rows[0]).n;

describe("upkeep on PostgreSQL", () => {
  it("skips spend passes while another process folds, and folds once it is done", async () => {
    await seedRun(1, 1, false);
    const stop = startSpendFolder(db.pool, { intervalMs: 50 });
    try {
      await whileHeld("spend", async () => {
        await settle();
        expect(await count("SELECT COUNT(*) AS n FROM runs WHERE spend_folded = 1")).toBe(0);
      });
      await expect.poll(() => count("SELECT COUNT(*) AS n FROM runs WHERE spend_folded = 1"), { timeout: 5_000 }).toBe(1);
      expect(await count("SELECT SUM(cost_micros) AS n FROM spend_rollup WHERE dim = 'w'")).toBe(100);
    } finally {
      stop();
    }
  });

  it("skips retention passes while another process prunes, then prunes with one audit row", async () => {
    await seedRun(1, 40, true);
    await seedRun(2, 40, true);
    await seedRun(3, 1, true);
    const passes: PrunePass[] = [];
    const stops = [1, 2].map(() => startRunPruner(db.pool, { retentionDays: 30, intervalMs: 50, onPass: (p) => passes.push(p) }));
    try {
      await whileHeld("retention", async () => {
        await settle();
        expect(await count("SELECT COUNT(*) AS n FROM runs")).toBe(3);
      });
      await expect.poll(() => count("SELECT COUNT(*) AS n FROM runs"), { timeout: 5_000 }).toBe(1);
      await settle();
    } finally {
      stops.forEach((stop) => stop());
    }
    // Two pruners, one pass that deleted: the other found nothing left.
    expect(passes.map((p) => p.deleted)).toEqual([2]);
    const audit = await db.pool.query<{ action: string; details: string }>("SELECT action, details FROM audit_entries");
    expect(audit.rows).toHaveLength(1);
    expect(JSON.parse(audit.rows[0].details)).toMatchObject({ deleted: 2, retention_days: 30 });
  });
});

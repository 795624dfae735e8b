/**
 * The spend rollup's upkeep on PostgreSQL (lib/db/spend.ts's foldSpend, compactSpend and
 * startSpendFolder on SQLite). Every process may start the folder; each pass is done by one
 * of them at a time (the spend session lock, see ./advisory-locks.ts), the others skip it.
 */
import type pg from "pg";
import { exclusivePass } from "./advisory-locks";
import { BEGIN_BY_KEY, withTransactionOn } from "./session";
import { addOn, compactionBoundary, DIMS, ROLLUP_COLUMNS, spendRows } from "./spend-sql";
import { sqlOn, type Sql } from "./sql";

/** Runs whose spend is final: folded once, unfolded again only if resumed (the runs_spend_unfold trigger). */
const SETTLED = "('completed', 'failed')";

const FOLD_SQL = {
  /**
   * Locked, so a run resumed meanwhile (its status update fires the unfold trigger) waits
   * for this fold to commit and then takes its contribution out again; a run another
   * transaction holds is left for the next pass.
   */
  pick: `SELECT num FROM runs WHERE spend_folded = 0 AND status IN ${SETTLED} ORDER BY num LIMIT $1 FOR UPDATE SKIP LOCKED`,
  add: DIMS.map((dim) => `INSERT INTO spend_rollup AS x (${ROLLUP_COLUMNS}) ${spendRows(dim, "runs r", "r.num = ANY($1)")} ${addOn("hour, workflow_id, dim, key")}`),
  mark: "UPDATE runs SET spend_folded = 1 WHERE num = ANY($1)",
};

/** Folds up to `limit` settled runs into the rollup, oldest first, in one transaction on `client`; how many. */
export function foldSpend(client: pg.PoolClient, limit = 500): Promise<number> {
  return withTransactionOn(client, async (sql) => {
    const nums = (await sql.rows<{ num: number }>(FOLD_SQL.pick, [limit])).map((r) => r.num);
    if (nums.length === 0) return 0;
    for (const text of FOLD_SQL.add) await sql.run(text, [nums]);
    await sql.run(FOLD_SQL.mark, [nums]);
    return nums.length;
  }, BEGIN_BY_KEY);
}

/**
 * Moves the hourly rows of the oldest day before `boundary` into that day, in one statement:
 * the rows deleted are exactly the rows added up (a row the unfold trigger writes meanwhile
 * stays hourly, for the next pass). How many hourly rows moved; 0 once none are left.
 */
export async function compactSpend(sql: Sql, boundary = compactionBoundary()): Promise<number> {
  const oldest = await sql.first<{ hour: string }>("SELECT hour FROM spend_rollup ORDER BY hour LIMIT 1");
  if (oldest === undefined || oldest.hour >= boundary) return 0;
  const next = new Date(Date.parse(`${oldest.hour.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 13);
  const until = next < boundary ? next : boundary;
  const moved = await sql.first<{ n: number }>(
    `WITH moved AS (DELETE FROM spend_rollup WHERE hour < $1 RETURNING *),
          added AS (INSERT INTO spend_rollup_daily AS x (day, workflow_id, dim, key, cost_micros, tokens_in, tokens_out, steps, runs)
                    SELECT substr(hour, 1, 10), workflow_id, dim, key, SUM(cost_micros), SUM(tokens_in), SUM(tokens_out), SUM(steps), SUM(runs)
                    FROM moved GROUP BY 1, workflow_id, dim, key ${addOn("day, workflow_id, dim, key")})
     SELECT COUNT(*) AS n FROM moved`,
    [until],
  );
  return moved!.n;
}

/**
 * Keeps the rollup current: every `intervalMs` one process compacts a day and folds settled
 * runs a batch at a time, until none are left or the pass has spent `budgetMs` (the rest
 * waits for the next tick; reports read it live meanwhile). The work is the server's, so
 * there is no event-loop budget as on SQLite. Returns a stop function.
 */
export function startSpendFolder(pool: pg.Pool, { intervalMs = 1000, budgetMs = 100, batch = 200 } = {}): () => void {
  let stopped = false;
  let folding = false;
  const pass = async () => {
    const t0 = performance.now();
    await exclusivePass(pool, "spend", async (client) => {
      await compactSpend(sqlOn(client));
      while (!stopped && (await foldSpend(client, batch)) === batch && performance.now() - t0 < budgetMs);
    });
  };
  const timer = setInterval(() => {
    if (folding || stopped) return;
    folding = true;
    pass()
      // A busy or unreachable database: the runs stay unfolded and are read live.
      .catch((err: unknown) => stopped || console.error("spend rollup: pass failed", err))
      .finally(() => (folding = false));
  }, intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

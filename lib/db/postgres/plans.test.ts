import type pg from "pg";
import { describe, expect, it } from "vitest";
import { checkpoint, newRun, statusEvent, step } from "@/engine/store/contract-fixtures";
import { PostgresRunStore } from "./run-store";
import { createPostgresTestDatabase } from "./test-database";

/**
 * Plans are made once per connection and kept (the group commit forces generic plans; pg
 * keeps a statement's generic plan once it is no dearer than its custom ones). Made on a new
 * database, while `runs` is all but empty, a plan that scans the whole table looks cheapest
 * for looking runs up by id — and every later batch would then scan every run. On one
 * connection, the statements are planned on a near-empty database; then the table grows and
 * their cached plans are read back: none may scan `runs` from end to end.
 */
describe("the run store's statements planned on a new database", () => {
  it("still find runs by key once the table holds thousands", async () => {
    const database = await createPostgresTestDatabase({ poolMax: 1 });
    database.pool.on("error", () => {});
    const pool = database.pool;
    try {
      await pool.query("INSERT INTO workflows (id, name, graph, version, updated_at) VALUES ('wf', 'wf', '{\"nodes\":[],\"edges\":[]}', 1, now())");
      const store = new PostgresRunStore(pool);
      let clock = Date.now();
      // Each statement more than five times: past pg's custom plans, to the one it keeps.
      for (let i = 0; i < 7; i++) {
        const runId = `r${i}`;
        await store.createRun(newRun(runId, "wf"));
        clock += 60_000;
        expect(await store.leases.claim({ runId, owner: "process-a", now: clock, ttlMs: 1_000 })).toBe(true);
        await store.commit({ run_id: runId, fence: "process-a", steps: [step(runId, 1)], run: { status: "running" }, events: [statusEvent(runId, "running")], checkpoint: checkpoint(runId, 0, { n: 0 }, null) });
        await store.leases.renew({ runIds: [runId], owner: "process-a", now: clock, ttlMs: 1_000 });
        await store.leases.orphans({ owner: "process-b", now: clock, limit: 10 });
        // Another process's store, which knows nothing of the run: it reads its head before its first commit.
        const other = new PostgresRunStore(pool);
        clock += 60_000;
        expect(await other.leases.claim({ runId, owner: "process-b", now: clock, ttlMs: 1_000 })).toBe(true);
        await other.commit({ run_id: runId, fence: "process-b", events: [statusEvent(runId, "running", 1)], checkpoint: checkpoint(runId, 1, { n: 1 }, ["n"]) });
      }
      await pool.query(
        `INSERT INTO runs (id, workflow_id, workflow_version, status, input, num)
         SELECT 'bulk' || n, 'wf', 1, 'completed', '{}', nextval('runs_num_seq') FROM generate_series(1, 20000) AS n`,
      );
      const cached = (await pool.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements WHERE statement ILIKE '%runs%'")).rows;
      const names = cached.map((s) => s.name);
      for (const expected of ["switchyard_run_fence", "switchyard_run_heads", "switchyard_lease_claim_many", "switchyard_lease_renew", "switchyard_lease_orphans"]) expect(names).toContain(expected);
      const scans: string[] = [];
      for (const { name, statement } of cached) {
        const params = (statement.match(/\$\d+/g) ?? []).reduce((m, p) => Math.max(m, Number(p.slice(1))), 0);
        const plan = await explainCached(pool, name, params);
        if (/Seq Scan on runs\b/.test(plan)) scans.push(`${name}:\n${plan}`);
      }
      expect(scans).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

/** The generic plan the connection keeps for statement `name` (EXPLAIN does not run it). */
async function explainCached(pool: pg.Pool, name: string, params: number): Promise<string> {
  const client = await pool.connect();
  try {
    // The connection's own generic plan, not one made now for this EXPLAIN.
    await client.query("BEGIN; SET LOCAL plan_cache_mode TO force_generic_plan");
    const args = params === 0 ? "" : `(${Array(params).fill("NULL").join(", ")})`;
    const rows = (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN EXECUTE ${name}${args}`)).rows;
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}

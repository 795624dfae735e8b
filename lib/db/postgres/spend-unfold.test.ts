import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldSpend } from "../spend";
import { createTestDatabase, insertTestWorkflow, type TestDatabase } from "../test-database";
import { sqlTime } from "../timestamps";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";

/**
 * The spend-unfold trigger (runs_spend_unfold) does on PostgreSQL what it does on SQLite: the
 * same runs and steps, folded into spend_rollup as lib/db/spend.ts folds them, then the runs'
 * statuses changed, leave the same rollup rows and the same spend_folded flags on both.
 */

interface StepSeed {
  node: string;
  model: string | null;
  cost: number;
  tin: number;
  tout: number;
}
interface RunSeed {
  num: number;
  workflow: string;
  status: string;
  createdAt: number;
  steps: StepSeed[];
}

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 11, 2, 9, 30);
const agent = (node: string, model: string, cost: number, tin: number, tout: number): StepSeed => ({ node, model, cost, tin, tout });
const tool = (node: string): StepSeed => ({ node, model: null, cost: 0, tin: 0, tout: 0 });

const RUNS: RunSeed[] = [
  // Two failed runs and a completed one in the same hour: resuming one leaves the others' spend.
  { num: 1, workflow: "wa", status: "failed", createdAt: T0, steps: [agent("n1", "gpt", 1_500, 100, 20), tool("t1"), agent("n2", "claude", 2_500, 300, 40)] },
  { num: 2, workflow: "wa", status: "failed", createdAt: T0 + 60_000, steps: [agent("n1", "gpt", 700, 50, 5)] },
  { num: 3, workflow: "wa", status: "completed", createdAt: T0 + 120_000, steps: [agent("n1", "gpt", 3_000_000_000, 10, 1)] },
  // Another hour and workflow.
  { num: 4, workflow: "wb", status: "failed", createdAt: T0 + 2 * HOUR, steps: [agent("m1", "gpt", 900, 90, 9), agent("m1", "gpt", 100, 10, 1)] },
  // Not settled: never folded, so its status changes leave the rollup alone.
  { num: 5, workflow: "wb", status: "running", createdAt: T0 + 2 * HOUR, steps: [agent("m1", "claude", 400, 40, 4)] },
];

const totals = (r: RunSeed) => ({
  cost: r.steps.reduce((a, s) => a + s.cost, 0),
  tin: r.steps.reduce((a, s) => a + s.tin, 0),
  tout: r.steps.reduce((a, s) => a + s.tout, 0),
});

const RUN_INSERT = `INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, num, cost_micros, tokens_in, tokens_out, node_executions)`;
const STEP_COLUMNS = "run_num, id, run_id, seq, node_id, node_type, status, input_checkpoint, cost_micros, tokens_in, tokens_out, model, idempotency_key";

function seedSqlite(db: TestDatabase): void {
  for (const w of ["wa", "wb"]) insertTestWorkflow(db.sqlite, w);
  for (const r of RUNS) {
    const t = totals(r);
    db.sqlite
      .prepare(`${RUN_INSERT} VALUES (?, ?, 1, ?, '{}', ?, ?, ?, ?, ?, ?)`)
      .run(`r${r.num}`, r.workflow, r.status, sqlTime(r.createdAt), r.num, t.cost, t.tin, t.tout, r.steps.length);
    r.steps.forEach((s, i) => {
      db.sqlite
        .prepare(`INSERT INTO steps (${STEP_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 'completed', 0, ?, ?, ?, ?, ?)`)
        .run(r.num, `s${r.num}-${i + 1}`, `r${r.num}`, i + 1, s.node, s.model ? "agent" : "tool", s.cost, s.tin, s.tout, s.model, `k${r.num}-${i + 1}`);
    });
  }
}

async function seedPostgres(db: PostgresTestDatabase): Promise<void> {
  for (const w of ["wa", "wb"]) {
    await db.pool.query(`INSERT INTO workflows (id, name, graph, updated_at) VALUES ($1, $1, '{"nodes":[],"edges":[]}', now())`, [w]);
  }
  for (const r of RUNS) {
    const t = totals(r);
    await db.pool.query(`${RUN_INSERT} VALUES ($1, $2, 1, $3, '{}', $4, $5, $6, $7, $8, $9)`, [
      `r${r.num}`, r.workflow, r.status, new Date(r.createdAt), r.num, t.cost, t.tin, t.tout, r.steps.length,
    ]);
    for (const [i, s] of r.steps.entries()) {
      await db.pool.query(`INSERT INTO steps (${STEP_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, 'completed', 0, $7, $8, $9, $10, $11)`, [
        r.num, `s${r.num}-${i + 1}`, `r${r.num}`, i + 1, s.node, s.model ? "agent" : "tool", s.cost, s.tin, s.tout, s.model, `k${r.num}-${i + 1}`,
      ]);
    }
  }
}

/** lib/db/spend.ts's fold (FOLD_SQL), in PostgreSQL's words: the settled, unfolded runs' spend into spend_rollup. */
async function foldPostgres(db: PostgresTestDatabase): Promise<number> {
  const hour = `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`;
  const add = `ON CONFLICT (hour, workflow_id, dim, key) DO UPDATE SET cost_micros = x.cost_micros + excluded.cost_micros, tokens_in = x.tokens_in + excluded.tokens_in,
    tokens_out = x.tokens_out + excluded.tokens_out, steps = x.steps + excluded.steps, runs = x.runs + excluded.runs`;
  const into = "INSERT INTO spend_rollup AS x (hour, workflow_id, dim, key, cost_micros, tokens_in, tokens_out, steps, runs)";
  const client = await db.pool.connect();
  try {
    await client.query("BEGIN");
    const picked = await client.query<{ num: number }>("SELECT num FROM runs WHERE spend_folded = 0 AND status IN ('completed', 'failed') ORDER BY num FOR UPDATE");
    const nums = picked.rows.map((r) => r.num);
    await client.query(
      `${into} SELECT ${hour}, r.workflow_id, 'w', '', SUM(r.cost_micros), SUM(r.tokens_in), SUM(r.tokens_out), SUM(r.node_executions), COUNT(*)
       FROM runs r WHERE r.num = ANY($1) GROUP BY 1, r.workflow_id ${add}`,
      [nums],
    );
    for (const [dim, key] of [["m", "s.model"], ["n", "s.node_id"]]) {
      await client.query(
        `${into} SELECT ${hour}, r.workflow_id, '${dim}', ${key}, SUM(s.cost_micros), SUM(s.tokens_in), SUM(s.tokens_out), COUNT(*), COUNT(DISTINCT s.run_num)
         FROM runs r JOIN steps s ON s.run_num = r.num WHERE r.num = ANY($1) AND s.model IS NOT NULL GROUP BY 1, r.workflow_id, ${key} ${add}`,
        [nums],
      );
    }
    await client.query("UPDATE runs SET spend_folded = 1 WHERE num = ANY($1)", [nums]);
    await client.query("COMMIT");
    return nums.length;
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  } finally {
    client.release();
  }
}

interface RollupRow {
  hour: string;
  workflow_id: string;
  dim: string;
  key: string;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
  runs: number;
}

const ROLLUP = "SELECT hour, workflow_id, dim, key, cost_micros, tokens_in, tokens_out, steps, runs FROM spend_rollup ORDER BY hour, workflow_id, dim, key";
const FLAGS = "SELECT num, status, spend_folded FROM runs ORDER BY num";

const rollupSqlite = () => sqlite.sqlite.prepare(ROLLUP).all() as RollupRow[];
const rollupPostgres = async () => (await postgres.pool.query<RollupRow>(ROLLUP)).rows;
const flagsSqlite = () => sqlite.sqlite.prepare(FLAGS).all();
const flagsPostgres = async () => (await postgres.pool.query(FLAGS)).rows;

/** The same statement on both databases (`?` placeholders for SQLite, `$n` for PostgreSQL). */
async function both(sql: string, ...params: (string | number)[]): Promise<void> {
  sqlite.sqlite.prepare(sql).run(...params);
  let n = 0;
  await postgres.pool.query(sql.replace(/\?/g, () => `$${++n}`), params);
}

let sqlite: TestDatabase;
let postgres: PostgresTestDatabase;

beforeAll(async () => {
  sqlite = createTestDatabase();
  postgres = await createPostgresTestDatabase();
  seedSqlite(sqlite);
  await seedPostgres(postgres);
});

afterAll(async () => {
  sqlite?.close();
  await postgres?.close();
});

describe("runs_spend_unfold on PostgreSQL and SQLite", () => {
  it("folds the settled runs into the same rollup rows", async () => {
    expect(foldSpend(sqlite.sqlite)).toBe(4);
    expect(await foldPostgres(postgres)).toBe(4);
    const rows = rollupSqlite();
    expect(rows.length).toBeGreaterThan(0);
    expect(await rollupPostgres()).toEqual(rows);
    // Past 2^31 micro-USD: bigint on PostgreSQL, read back as a number.
    expect(rows.find((r) => r.dim === "w" && r.workflow_id === "wa")?.cost_micros).toBe(3_000_000_000 + 1_500 + 2_500 + 700);
  });

  it("takes a resumed run's spend out of the rollup, as its steps stand then, and marks it unfolded", async () => {
    // The resumed run settled another agent step meanwhile: what comes out is its steps as they are.
    await both(
      `INSERT INTO steps (${STEP_COLUMNS}) VALUES (1, 's1-4', 'r1', 4, 'n3', 'agent', 'completed', 0, 111, 11, 1, 'claude', 'k1-4')`,
    );
    await both("UPDATE runs SET status = 'running' WHERE id = ?", "r1");
    expect(await flagsPostgres()).toEqual(flagsSqlite());
    expect(await rollupPostgres()).toEqual(rollupSqlite());
    const wa = rollupSqlite().find((r) => r.dim === "w" && r.workflow_id === "wa");
    expect(wa?.runs).toBe(2);
    expect(wa?.cost_micros).toBe(3_000_000_000 + 700);
  });

  it("reads the hour in UTC whatever the session's time zone", async () => {
    const client = await postgres.pool.connect();
    try {
      await client.query("SET TIME ZONE 'Pacific/Kiritimati'");
      await client.query("UPDATE runs SET status = 'pending' WHERE id = 'r4'");
    } finally {
      await client.query("RESET TIME ZONE");
      client.release();
    }
    sqlite.sqlite.prepare("UPDATE runs SET status = 'pending' WHERE id = 'r4'").run();
    expect(await rollupPostgres()).toEqual(rollupSqlite());
    expect(rollupSqlite().filter((r) => r.hour === "2026-12-02T11").every((r) => r.runs === 0 && r.cost_micros === 0)).toBe(true);
  });

  it("leaves the rollup alone for a settled run that stays settled, and for a run never folded", async () => {
    const before = rollupSqlite();
    await both("UPDATE runs SET status = 'failed' WHERE id = ?", "r3");
    await both("UPDATE runs SET status = 'waiting' WHERE id = ?", "r5");
    // Not the status: the trigger watches the status column only.
    await both("UPDATE runs SET error_message = 'x' WHERE id = ?", "r2");
    expect(rollupSqlite()).toEqual(before);
    expect(await rollupPostgres()).toEqual(before);
    expect(await flagsPostgres()).toEqual(flagsSqlite());
  });

  it("folds a resumed run back in once it settles again, to the same figures", async () => {
    await both("UPDATE runs SET status = 'completed', cost_micros = cost_micros + 111, tokens_in = tokens_in + 11, tokens_out = tokens_out + 1, node_executions = 4 WHERE id = ?", "r1");
    await both("UPDATE runs SET status = 'failed' WHERE id = ?", "r4");
    expect(foldSpend(sqlite.sqlite)).toBe(2);
    expect(await foldPostgres(postgres)).toBe(2);
    expect(await rollupPostgres()).toEqual(rollupSqlite());
    expect(await flagsPostgres()).toEqual(flagsSqlite());
  });
});

import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqlTime } from "./timestamps";
import { compactionBoundary, compactSpend, foldSpend, spendAggregates, spendRuns, type SpendRow } from "./spend";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * The report read through the rollup must equal the same figures summed straight from the
 * rows (the oracle below, in plain JavaScript), whatever has been folded so far.
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
const NOW = Date.UTC(2026, 11, 2, 9, 30);
const NAMES: Record<string, string> = { wa: "Alpha", wb: "Beta", wc: "Gamma" };

let database: TestDatabase;
let runs: RunSeed[];

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const totals = (r: RunSeed) => ({
  cost: r.steps.reduce((a, s) => a + s.cost, 0),
  tin: r.steps.reduce((a, s) => a + s.tin, 0),
  tout: r.steps.reduce((a, s) => a + s.tout, 0),
});

function insertRun(r: RunSeed): void {
  const t = totals(r);
  database.sqlite
    .prepare(
      `INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, num, cost_micros, tokens_in, tokens_out, node_executions)
       VALUES (?, ?, 1, ?, '{}', ?, ?, ?, ?, ?, ?)`,
    )
    .run(`r${r.num}`, r.workflow, r.status, sqlTime(r.createdAt), r.num, t.cost, t.tin, t.tout, r.steps.length);
  r.steps.forEach((s, i) => insertStep(r, s, i + 1));
}

function insertStep(r: RunSeed, s: StepSeed, seq: number): void {
  database.sqlite
    .prepare(
      `INSERT INTO steps (run_num, id, run_id, seq, node_id, node_type, status, input_checkpoint, cost_micros, tokens_in, tokens_out, model, idempotency_key)
       VALUES (?, ?, ?, ?, ?, ?, 'completed', 0, ?, ?, ?, ?, ?)`,
    )
    .run(r.num, `s${r.num}-${seq}`, `r${r.num}`, seq, s.node, s.model ? "agent" : "tool", s.cost, s.tin, s.tout, s.model, `k${r.num}-${seq}`);
}

/** What the report must say, from the seeds alone. */
function expected(since: number | null) {
  const inPeriod = runs.filter((r) => since === null || r.createdAt >= since);
  const groups = { w: new Map<string, SpendRow>(), m: new Map<string, SpendRow>(), n: new Map<string, SpendRow>() };
  const runSets = new Map<string, Set<number>>();
  const add = (dim: "w" | "m" | "n", key: string, label: string, workflowId: string | null, num: number, cost: number, tin: number, tout: number, steps: number) => {
    const row = groups[dim].get(key) ?? { key, label, workflow_id: workflowId, cost_micros: 0, tokens_in: 0, tokens_out: 0, steps: 0, runs: 0 };
    groups[dim].set(key, row);
    row.cost_micros += cost;
    row.tokens_in += tin;
    row.tokens_out += tout;
    row.steps += steps;
    const set = runSets.get(`${dim}:${key}`) ?? new Set<number>();
    runSets.set(`${dim}:${key}`, set);
    set.add(num);
    row.runs = set.size;
  };
  const days = new Map<string, number>();
  for (const r of inPeriod) {
    const t = totals(r);
    add("w", r.workflow, NAMES[r.workflow], r.workflow, r.num, t.cost, t.tin, t.tout, r.steps.length);
    const day = sqlTime(r.createdAt).slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + t.cost);
    for (const s of r.steps) {
      if (!s.model) continue;
      add("m", s.model, s.model, null, r.num, s.cost, s.tin, s.tout, 1);
      add("n", `${r.workflow}:${s.node}`, `${NAMES[r.workflow]} · ${s.node}`, r.workflow, r.num, s.cost, s.tin, s.tout, 1);
    }
  }
  const list = (m: Map<string, SpendRow>) => [...m.values()].sort((a, b) => b.cost_micros - a.cost_micros || a.label.localeCompare(b.label));
  return {
    byWorkflow: list(groups.w),
    byModel: list(groups.m),
    byNode: list(groups.n),
    byDay: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, cost_micros]) => ({ day, cost_micros })),
  };
}

// All time, two day starts (what 7- and 30-day periods use), hours since the start of yesterday (24 h periods), the future.
const PERIODS = [
  null,
  Date.UTC(2026, 10, 29),
  Date.UTC(2026, 10, 30),
  NOW - 25 * HOUR - ((NOW - 25 * HOUR) % HOUR),
  NOW - 3 * HOUR - ((NOW - 3 * HOUR) % HOUR),
  NOW + HOUR,
];
const checkAll = () => {
  for (const since of PERIODS) expect(spendAggregates({ since }, database.sqlite), `since ${since}`).toEqual(expected(since));
};
const folded = () => (database.sqlite.prepare("SELECT num FROM runs WHERE spend_folded = 1 ORDER BY num").pluck().all() as number[]);

beforeEach(() => {
  database = createTestDatabase();
  const now = sqlTime(NOW);
  for (const [id, name] of Object.entries(NAMES)) {
    database.sqlite.prepare("INSERT INTO workflows (id, name, graph, version, created_at, updated_at) VALUES (?, ?, '{}', 1, ?, ?)").run(id, name, now, now);
  }
  const rnd = random(7);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  runs = Array.from({ length: 80 }, (_, i) => ({
    num: i + 1,
    workflow: pick(["wa", "wb", "wc"]),
    status: pick(["completed", "completed", "failed", "running", "paused"]),
    // Spread over three days, at any minute: periods cut between hours, runs fall inside them.
    createdAt: NOW - Math.floor(rnd() * 72 * 60) * 60_000,
    steps: Array.from({ length: Math.floor(rnd() * 5) }, () => {
      const model = pick(["mock", "openai:gpt-4o-mini", null]);
      return { node: pick(["draft", "review", "send"]), model, cost: model ? 1 + Math.floor(rnd() * 900) : 0, tin: Math.floor(rnd() * 50), tout: Math.floor(rnd() * 50) };
    }),
  }));
  runs.forEach(insertRun);
});
afterEach(() => database.close());

describe("spend report through the rollup", () => {
  it("is exact before, during and after folding, and folds only settled runs", () => {
    checkAll();
    expect(foldSpend(database.sqlite, 7)).toBe(7);
    checkAll();
    while (foldSpend(database.sqlite, 10) > 0);
    checkAll();
    const settled = runs.filter((r) => r.status === "completed" || r.status === "failed").map((r) => r.num);
    expect(folded()).toEqual(settled);
    expect(foldSpend(database.sqlite)).toBe(0);
  });

  it("names a node's row by the label its live graph gives it (else its id)", () => {
    const graph = { nodes: [{ id: "draft", type: "agent", position: { x: 0, y: 0 }, config: { label: " Draft the reply ", model: "mock" } }], edges: [] };
    database.sqlite.prepare("UPDATE workflows SET graph = ? WHERE id = 'wa'").run(JSON.stringify(graph));
    const byNode = spendAggregates({ since: null }, database.sqlite).byNode;
    expect(byNode.find((r) => r.key === "wa:draft")?.label).toBe("Alpha · Draft the reply");
    expect(byNode.find((r) => r.key === "wa:send")?.label).toBe("Alpha · send");
  });

  it("takes a resumed run out of the rollup and folds it again, with its new steps, once it settles", () => {
    while (foldSpend(database.sqlite) > 0);
    const run = runs.find((r) => r.status === "failed" && r.steps.some((s) => s.model))!;
    // Resumed: the run goes back to running, and its contribution leaves the rollup.
    database.sqlite.prepare("UPDATE runs SET status = 'running', error_message = NULL WHERE num = ?").run(run.num);
    run.status = "running";
    expect(folded()).not.toContain(run.num);
    checkAll();
    // It runs one more agent step, then completes.
    const extra = { node: "retry", model: "mock", cost: 5_000, tin: 10, tout: 20 };
    insertStep(run, extra, run.steps.length + 1);
    run.steps.push(extra);
    const t = totals(run);
    database.sqlite
      .prepare("UPDATE runs SET cost_micros = ?, tokens_in = ?, tokens_out = ?, node_executions = ? WHERE num = ?")
      .run(t.cost, t.tin, t.tout, run.steps.length, run.num);
    checkAll();
    database.sqlite.prepare("UPDATE runs SET status = 'completed' WHERE num = ?").run(run.num);
    run.status = "completed";
    expect(foldSpend(database.sqlite)).toBe(1);
    expect(folded()).toContain(run.num);
    checkAll();
  });

  it("answers from a handful of rollup rows however many runs are folded", () => {
    while (foldSpend(database.sqlite) > 0);
    const rollupRows = database.sqlite.prepare("SELECT COUNT(*) FROM spend_rollup").pluck().get() as number;
    // 3 workflows × ≤ 72 hours × (1 + 2 models + 3 nodes), whatever the number of runs.
    expect(rollupRows).toBeLessThanOrEqual(3 * 73 * 6);
    const plan = database.sqlite
      .prepare("EXPLAIN QUERY PLAN SELECT num FROM runs r WHERE r.spend_folded = 0 AND (? IS NULL OR r.created_at >= ?)")
      .all(null, null) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(" ")).toContain("runs_spend_unfolded_idx");
  });

  it("lists the runs behind a figure newest first, with what each spent on it", () => {
    const slices = [{ workflowId: "wa" }, { model: "mock" }, { workflowId: "wb", nodeId: "review" }, { model: "openai:gpt-4o-mini", nodeId: "draft" }, {}];
    for (const since of PERIODS) {
      for (const slice of slices) {
        const matching = runs
          .filter((r) => (since === null || r.createdAt >= since) && (slice.workflowId === undefined || r.workflow === slice.workflowId))
          .map((r) => ({ r, steps: r.steps.filter((s) => (!("model" in slice) || s.model === slice.model) && (!("nodeId" in slice) || s.node === slice.nodeId)) }))
          .filter(({ steps }) => !("model" in slice || "nodeId" in slice) || steps.length > 0)
          .sort((a, b) => b.r.createdAt - a.r.createdAt || (`r${a.r.num}` < `r${b.r.num}` ? 1 : -1));
        const want = matching.slice(0, 10).map(({ r, steps }) => ({
          run_id: `r${r.num}`,
          workflow_id: r.workflow,
          workflow_name: NAMES[r.workflow],
          status: r.status,
          created_at: sqlTime(r.createdAt),
          cost_micros: steps.reduce((a, s) => a + s.cost, 0),
          tokens_in: steps.reduce((a, s) => a + s.tin, 0),
          tokens_out: steps.reduce((a, s) => a + s.tout, 0),
          steps: steps.length,
        }));
        expect(spendRuns({ since, ...slice }, database.sqlite, 10), JSON.stringify({ since, slice })).toEqual(want);
      }
    }
  });

  it("compacts the hours of days before yesterday into days, exact before and after, across a resume", () => {
    while (foldSpend(database.sqlite) > 0);
    const boundary = compactionBoundary(NOW);
    expect(boundary).toBe("2026-12-01T00");
    const hourly = () => database.sqlite.prepare("SELECT COUNT(*) FROM spend_rollup WHERE hour < ?").pluck().get(boundary) as number;
    expect(hourly()).toBeGreaterThan(0);
    // One day per call, oldest first.
    expect(compactSpend(database.sqlite, boundary)).toBeGreaterThan(0);
    expect(database.sqlite.prepare("SELECT DISTINCT day FROM spend_rollup_daily").pluck().all()).toEqual(["2026-11-29"]);
    checkAll();
    expect(compactSpend(database.sqlite, boundary)).toBeGreaterThan(0);
    expect(hourly()).toBe(0);
    expect(database.sqlite.prepare("SELECT DISTINCT day FROM spend_rollup_daily ORDER BY day").pluck().all()).toEqual(["2026-11-29", "2026-11-30"]);
    checkAll();
    expect(compactSpend(database.sqlite, boundary)).toBe(0);

    // A run from a compacted day is resumed: its contribution leaves as a negative hourly row.
    const old = runs.find((r) => r.status === "failed" && r.createdAt < Date.UTC(2026, 11, 1) && r.steps.some((s) => s.model))!;
    database.sqlite.prepare("UPDATE runs SET status = 'running' WHERE num = ?").run(old.num);
    old.status = "running";
    checkAll();
    database.sqlite.prepare("UPDATE runs SET status = 'completed' WHERE num = ?").run(old.num);
    old.status = "completed";
    expect(foldSpend(database.sqlite)).toBe(1);
    checkAll();
    while (compactSpend(database.sqlite, boundary) > 0);
    expect(hourly()).toBe(0);
    checkAll();
  });

  it("waits for another connection's write instead of failing its lock upgrade", async () => {
    // The request thread writes on a connection of its own (workflow saves, secrets): here a
    // thread holds the write lock for a moment while the fold and the compaction run.
    const boundary = compactionBoundary(NOW);
    expect(await whileAnotherWriterHolds(() => foldSpend(database.sqlite, 7))).toBe(7);
    while (foldSpend(database.sqlite) > 0);
    expect(await whileAnotherWriterHolds(() => compactSpend(database.sqlite, boundary))).toBeGreaterThan(0);
    checkAll();
  });
});

/** Runs `fn` on this thread while another thread's connection holds the database's write lock for 200 ms. */
async function whileAnotherWriterHolds<T>(fn: () => T): Promise<T> {
  const holder = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const Database = require("better-sqlite3");
     const conn = new Database(workerData.file);
     conn.exec("BEGIN IMMEDIATE");
     parentPort.postMessage("holding");
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
     conn.exec("COMMIT");
     conn.close();`,
    { eval: true, workerData: { file: database.file } },
  );
  await once(holder, "message");
  try {
    return fn();
  } finally {
    await once(holder, "exit");
  }
}

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAuditChainPage } from "./audit";
import { sqlTime } from "./timestamps";
import { parseRetentionDays, pruneRuns, RetentionConfigError, startRunPruner, type PrunePass } from "./retention";
import { foldSpend, spendAggregates } from "./spend";
import { createTestDatabase, insertTestWorkflow, type TestDatabase } from "./test-database";
import { verifyAuditChain } from "@/lib/services/audit-chain";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 2, 9, 30);

let database: TestDatabase;
let nextNum = 1;

/** A run with two steps, three checkpoints and four events, as the store writes them. */
function seedRun(status: string, ageDays: number, { cost = 100, finishedAgoDays = ageDays } = {}): number {
  const num = nextNum++;
  const id = `r${num}`;
  const sql = database.sqlite;
  sql
    .prepare(
      `INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, finished_at, num, cost_micros, tokens_in, tokens_out, node_executions)
       VALUES (?, 'wf', 1, ?, '{}', ?, ?, ?, ?, 10, 5, 2)`,
    )
    .run(id, status, sqlTime(NOW - ageDays * DAY), ["completed", "failed"].includes(status) ? sqlTime(NOW - finishedAgoDays * DAY) : null, num, cost * 2);
  for (let seq = 1; seq <= 2; seq++) {
    sql
      .prepare(
        `INSERT INTO steps (run_num, id, run_id, seq, node_id, node_type, status, input_checkpoint, cost_micros, tokens_in, tokens_out, model, idempotency_key)
         VALUES (?, ?, ?, ?, 'a', 'agent', 'completed', 0, ?, 5, 2, 'mock', ?)`,
      )
      .run(num, `s${num}-${seq}`, id, seq, cost, `k${num}-${seq}`);
  }
  for (let seq = 0; seq <= 2; seq++) {
    sql
      .prepare("INSERT INTO checkpoints (run_num, run_id, seq, step_name, encoding, base_seq, state, completed, queue) VALUES (?, ?, ?, 'x', 'full', 0, '{}', '[]', '[]')")
      .run(num, id, seq);
  }
  for (let seq = 1; seq <= 4; seq++) {
    sql.prepare("INSERT INTO run_events (run_num, run_id, seq, type, data) VALUES (?, ?, ?, 'step.started', '{}')").run(num, id, seq);
  }
  return num;
}

/** How many rows each table holds for a run. */
function rowsOf(num: number) {
  const count = (table: string) => (database.sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE run_num = ?`).get(num) as { n: number }).n;
  const run = database.sqlite.prepare("SELECT COUNT(*) AS n FROM runs WHERE num = ?").get(num) as { n: number };
  return { run: run.n, steps: count("steps"), checkpoints: count("checkpoints"), events: count("run_events") };
}
const KEPT = { run: 1, steps: 2, checkpoints: 3, events: 4 };
const GONE = { run: 0, steps: 0, checkpoints: 0, events: 0 };

beforeEach(() => {
  database = createTestDatabase();
  insertTestWorkflow(database.sqlite, "wf");
  nextNum = 1;
});
afterEach(() => database.close());

describe("parseRetentionDays", () => {
  it("keeps every run when unset and reads a positive number of days", () => {
    expect(parseRetentionDays(undefined)).toBeNull();
    expect(parseRetentionDays(" ")).toBeNull();
    expect(parseRetentionDays("30")).toBe(30);
    expect(parseRetentionDays("0.5")).toBe(0.5);
  });

  it.each(["0", "-3", "thirty", "Infinity", "1e999"])("refuses %j with the setting's name", (text) => {
    expect(() => parseRetentionDays(text)).toThrow(RetentionConfigError);
    expect(() => parseRetentionDays(text)).toThrow(/SWITCHYARD_RUN_RETENTION_DAYS/);
  });
});

describe("pruneRuns", () => {
  it("deletes runs finished before the cutoff and folded, with all their rows, and nothing else", () => {
    const oldCompleted = seedRun("completed", 40);
    const oldFailed = seedRun("failed", 35);
    foldSpend(database.sqlite);
    const oldUnfolded = seedRun("completed", 33); // settled after the folder's last pass
    const oldPaused = seedRun("paused", 50);
    const oldRunning = seedRun("running", 45);
    const recent = seedRun("completed", 2);
    const approvedLately = seedRun("completed", 60, { finishedAgoDays: 1 }); // parked at a gate for weeks
    foldSpend(database.sqlite, 0);
    const spendBefore = spendAggregates({ since: null }, database.sqlite);

    expect(pruneRuns(database.sqlite, NOW - 30 * DAY)).toBe(2);

    expect(rowsOf(oldCompleted)).toEqual(GONE);
    expect(rowsOf(oldFailed)).toEqual(GONE);
    for (const num of [oldUnfolded, oldPaused, oldRunning, recent, approvedLately]) expect(rowsOf(num)).toEqual(KEPT);
    expect(spendAggregates({ since: null }, database.sqlite)).toEqual(spendBefore);
    // Foreign keys are back on and nothing dangles.
    expect(database.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(database.sqlite.pragma("foreign_key_check")).toEqual([]);

    // Folded later, the unfolded one goes on the next pass; the spend report still holds.
    foldSpend(database.sqlite);
    expect(pruneRuns(database.sqlite, NOW - 30 * DAY)).toBe(1);
    expect(rowsOf(oldUnfolded)).toEqual(GONE);
    expect(spendAggregates({ since: null }, database.sqlite)).toEqual(spendBefore);
  });

  it("takes at most `limit` runs per call and stops at zero", () => {
    for (let i = 0; i < 7; i++) seedRun(i % 2 ? "failed" : "completed", 10 + i);
    foldSpend(database.sqlite);
    expect(pruneRuns(database.sqlite, NOW - DAY, 3)).toBe(3);
    expect(pruneRuns(database.sqlite, NOW - DAY, 3)).toBe(3);
    expect(pruneRuns(database.sqlite, NOW - DAY, 3)).toBe(1);
    expect(pruneRuns(database.sqlite, NOW - DAY, 3)).toBe(0);
    expect(database.sqlite.prepare("SELECT COUNT(*) AS n FROM steps").get()).toEqual({ n: 0 });
  });

  it("does nothing inside the caller's transaction, where foreign keys cannot be switched", () => {
    const num = seedRun("completed", 40);
    foldSpend(database.sqlite);
    const deleted = database.sqlite.transaction(() => pruneRuns(database.sqlite, NOW))();
    expect(deleted).toBe(0);
    expect(rowsOf(num)).toEqual(KEPT);
  });
});

describe("startRunPruner", () => {
  it("prunes in batches within a pass and records each pass in the audit chain", async () => {
    const old = Array.from({ length: 25 }, (_, i) => seedRun("completed", 31 + i));
    const kept = seedRun("completed", 5);
    foldSpend(database.sqlite);
    const passes: PrunePass[] = [];
    // A pass may take the whole interval here, so the three batches fit in one pass.
    const stop = startRunPruner(database.sqlite, { retentionDays: 30, intervalMs: 300, share: 1, busyShare: 1, batch: 10, now: () => NOW, onPass: (p) => passes.push(p) });
    try {
      await expect.poll(() => passes.length, { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      stop();
    }
    expect(passes[0]).toEqual({ deleted: 25, before: NOW - 30 * DAY });
    for (const num of old) expect(rowsOf(num)).toEqual(GONE);
    expect(rowsOf(kept)).toEqual(KEPT);

    const audit = readAuditChainPage({ afterSeq: 0, limit: 10 }, database.sqlite);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "run.prune", actor_id: "system", target_type: "run", target_id: "*" });
    expect(JSON.parse(audit[0].details)).toEqual({ deleted: 25, finished_before: new Date(NOW - 30 * DAY).toISOString(), retention_days: 30 });
    expect(await verifyAuditChain((after, limit) => readAuditChainPage({ afterSeq: after, limit }, database.sqlite))).toEqual({ ok: true, checked: 1 });
  });
});

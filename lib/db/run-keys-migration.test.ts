import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "./migrations";
import { applyPragmas } from "./pragmas";
import { SqliteRunStore } from "./run-store";

const KEYED = "20261201120000_run_rows_keyed_by_run";
const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
const apply = (db: Database.Database, names: string[]) => names.forEach((n) => db.exec(readFileSync(path.join(MIGRATIONS_DIR, n, "migration.sql"), "utf8")));

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database migrated up to (not including) `migration`, holding workflow `wf` at version 1. */
function databaseBefore(migration: string, at: string): Database.Database {
  dir = mkdtempSync(path.join(tmpdir(), "switchyard-migrate-"));
  const db = new Database(path.join(dir, "old.db"));
  applyPragmas(db);
  apply(db, folders.slice(0, folders.indexOf(migration)));
  db.prepare("INSERT INTO workflows (id, name, graph, created_at, updated_at) VALUES ('wf', 'wf', '{\"nodes\":[],\"edges\":[]}', ?, ?)").run(at, at);
  db.prepare("INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by) VALUES ('v1', 'wf', 1, '{\"nodes\":[],\"edges\":[]}', ?, 'test')").run(at);
  return db;
}

describe(`migration ${KEYED}`, () => {
  it("keys a database's existing steps, checkpoints and events by run, and runs go on from there", async () => {
    const at = "2026-11-30T10:00:00.000+00:00";
    const db = databaseBefore(KEYED, at);
    for (const run of ["old-a", "old-b"]) {
      db.prepare("INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at) VALUES (?, 'wf', 1, 'completed', '{}', ?)").run(run, at);
      for (const seq of [1, 2]) {
        db.prepare("INSERT INTO steps (id, run_id, seq, node_id, node_type, status, input_checkpoint, idempotency_key) VALUES (?, ?, ?, ?, 'agent', 'completed', ?, ?)")
          .run(`${run}-s${seq}`, run, seq, `n${seq}`, seq - 1, `${run}:n${seq}:1`);
        db.prepare("INSERT INTO checkpoints (run_id, seq, step_name, encoding, base_seq, state, completed, queue, created_at) VALUES (?, ?, ?, 'full', ?, ?, '[]', '[]', ?)")
          .run(run, seq, `node:n${seq}`, seq, JSON.stringify({ at: `${run}-${seq}` }), at);
        db.prepare("INSERT INTO run_events (run_id, seq, type, data, created_at) VALUES (?, ?, 'step.finished', ?, ?)").run(run, seq, JSON.stringify({ n: `${run}-${seq}` }), at);
      }
    }

    apply(db, folders.slice(folders.indexOf(KEYED)));
    expect(db.pragma("foreign_key_check")).toEqual([]);
    const store = new SqliteRunStore(db);
    expect((await store.listSteps("old-b")).map((s) => s.id)).toEqual(["old-b-s1", "old-b-s2"]);
    expect((await store.listCheckpoints("old-a")).map((c) => c.state)).toEqual([{ at: "old-a-1" }, { at: "old-a-2" }]);
    expect((await store.listEvents("old-b", 1)).map((e) => e.data)).toEqual([{ n: "old-b-2" }]);

    await store.createRun({ id: "new", workflow_id: "wf", workflow_version: 1, graph: { nodes: [], edges: [] }, input: {}, options: {}, created_at: Date.now() });
    const nums = db.prepare("SELECT id, num FROM runs ORDER BY num").all();
    expect(nums).toEqual([{ id: "old-a", num: 1 }, { id: "old-b", num: 2 }, { id: "new", num: 3 }]);
    await store.commit({ run_id: "new", events: [{ type: "run.status", run_id: "new", status: "running", error_message: null, cost_micros: 0, tokens_in: 0, tokens_out: 0, duration_ms: null, pending_gate: null }] });
    expect((await store.listEvents("new", 0)).map((e) => e.seq)).toEqual([1]);
    expect((await store.listEvents("old-b", 0)).map((e) => e.seq)).toEqual([1, 2]);
    db.close();
  });
});

const WRITE_ORDER = "20261202030000_run_rows_in_write_order";

describe(`migration ${WRITE_ORDER}`, () => {
  it("keeps a database's steps, checkpoints and events, in order, found by run; new rows append after them", async () => {
    const at = "2026-12-01T10:00:00.000+00:00";
    const db = databaseBefore(WRITE_ORDER, at);
    for (const [run, num] of [["old-a", 1], ["old-b", 2]] as const) {
      db.prepare("INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, num) VALUES (?, 'wf', 1, 'completed', '{}', ?, ?)").run(run, at, num);
      for (const seq of [1, 2, 3]) {
        const key = num * 2 ** 32 + seq;
        db.prepare("INSERT INTO steps (row_key, id, run_id, seq, node_id, node_type, status, input_checkpoint, idempotency_key) VALUES (?, ?, ?, ?, ?, 'agent', 'completed', ?, ?)")
          .run(key, `${run}-s${seq}`, run, seq, `n${seq}`, seq - 1, `${run}:n${seq}:1`);
        db.prepare("INSERT INTO checkpoints (row_key, run_id, seq, step_name, encoding, base_seq, state, completed, queue, created_at) VALUES (?, ?, ?, ?, 'full', ?, ?, '[]', '[]', ?)")
          .run(key, run, seq, `node:n${seq}`, seq, JSON.stringify({ at: `${run}-${seq}` }), at);
        db.prepare("INSERT INTO run_events (row_key, run_id, seq, type, data, created_at) VALUES (?, ?, ?, 'step.finished', ?, ?)").run(key, run, seq, JSON.stringify({ n: `${run}-${seq}` }), at);
      }
    }

    apply(db, [WRITE_ORDER]);
    expect(db.pragma("foreign_key_check")).toEqual([]);
    for (const table of ["steps", "checkpoints", "run_events"]) {
      expect(db.prepare(`SELECT run_num, seq FROM ${table} ORDER BY row_key`).all()).toEqual([1, 2].flatMap((run_num) => [1, 2, 3].map((seq) => ({ run_num, seq }))));
    }
    // Today's store on it: the migrations after this one applied too.
    apply(db, folders.filter((name) => name > WRITE_ORDER));
    const store = new SqliteRunStore(db);
    expect((await store.listSteps("old-b")).map((s) => s.id)).toEqual(["old-b-s1", "old-b-s2", "old-b-s3"]);
    expect((await store.listCheckpoints("old-a")).map((c) => c.state)).toEqual([1, 2, 3].map((seq) => ({ at: `old-a-${seq}` })));
    expect((await store.listEvents("old-a", 1)).map((e) => e.data)).toEqual([{ n: "old-a-2" }, { n: "old-a-3" }]);

    // The first run writes again: its new rows go after every row there is, and stay its own.
    const newStep = { ...(await store.listSteps("old-a"))[2], id: "old-a-s4", seq: 4, node_id: "n4", idempotency_key: "old-a:n4:1" };
    await store.commit({
      run_id: "old-a",
      steps: [newStep],
      events: [{ type: "run.status", run_id: "old-a", status: "completed", error_message: null, cost_micros: 0, tokens_in: 0, tokens_out: 0, duration_ms: null, pending_gate: null }],
    });
    expect((await store.listSteps("old-a")).map((s) => s.seq)).toEqual([1, 2, 3, 4]);
    expect((await store.listEvents("old-a", 2)).map((e) => e.seq)).toEqual([3, 4]);
    expect((await store.listEvents("old-b", 0)).map((e) => e.seq)).toEqual([1, 2, 3]);
    for (const table of ["steps", "run_events"]) {
      expect(db.prepare(`SELECT run_num, seq FROM ${table} ORDER BY row_key DESC LIMIT 1`).get()).toEqual({ run_num: 1, seq: 4 });
    }
    // A run's rows are read through the (run_num, seq) index, not by scanning the table.
    for (const table of ["steps", "checkpoints", "run_events"]) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM ${table} WHERE run_num = 1 AND seq > 0 ORDER BY seq`).all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join("\n")).toContain(`USING INDEX ${table}_run_num_seq_key`);
    }
    db.close();
  });
});

/**
 * SQLite-level model of a node write's page cost under three layouts, without the engine:
 *   - `three`:  steps, checkpoints and events in three write-order tables, each with a
 *     (run_num, seq) unique index (the production layout, migration 20261202030000);
 *   - `log`:    one write-order table for all three kinds with one (run_num, kind, seq) index;
 *   - `by_run`: the three tables clustered by run, their rowid run_num × 2³² + seq and no
 *     other index (the layout before that migration).
 * A node write = a step row, a checkpoint row, two event rows and the run row's totals, in one
 * transaction. BATCHES sets how many concurrent runs share a commit (1 = sequential; under
 * 100 clients group commit holds 15–80). Prints µs per node write, wall and CPU.
 *
 *   npx tsx bench/sqlite-layout.ts            # knobs: BATCHES (1,50), WRITES (20000), REPEATS (3)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { WAL_AUTOCHECKPOINT_PAGES } from "../lib/db/pragmas";

type Layout = "three" | "log" | "by_run";
const LAYOUTS: Layout[] = ["three", "log", "by_run"];
const KINDS = ["steps", "checkpoints", "events"] as const;

function open(file: string, layout: Layout): Database.Database {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.exec("CREATE TABLE runs (id TEXT PRIMARY KEY, num INTEGER, status TEXT, cost INTEGER, tokens INTEGER, nodes INTEGER, input TEXT)");
  if (layout === "by_run") {
    for (const t of KINDS) db.exec(`CREATE TABLE ${t} (row_key INTEGER PRIMARY KEY, data TEXT NOT NULL)`);
  } else if (layout === "three") {
    for (const t of KINDS) {
      db.exec(`CREATE TABLE ${t} (row_key INTEGER PRIMARY KEY, run_num INTEGER NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL)`);
      db.exec(`CREATE UNIQUE INDEX ${t}_key ON ${t} (run_num, seq)`);
    }
  } else {
    db.exec("CREATE TABLE log (row_key INTEGER PRIMARY KEY, run_num INTEGER NOT NULL, kind INTEGER NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL)");
    db.exec("CREATE UNIQUE INDEX log_key ON log (run_num, kind, seq)");
  }
  return db;
}

/** Row sizes as stored for chain_10 (bench/README.md): step ≈ 450 B, checkpoint ≈ 500 B, event ≈ 550 B. */
const STEP = "s".repeat(450);
const CHECKPOINT = "c".repeat(500);
const EVENT = "e".repeat(550);

/** Inserts one row of `kind` (an index into KINDS) for seq `seq` of run `run`, as `layout` stores it. */
function rowInserter(db: Database.Database, layout: Layout): (kind: number, run: number, seq: number, data: string) => void {
  if (layout === "log") {
    const insert = db.prepare("INSERT INTO log (run_num, kind, seq, data) VALUES (?, ?, ?, ?)");
    return (kind, run, seq, data) => insert.run(run, kind, seq, data);
  }
  if (layout === "by_run") {
    const inserts = KINDS.map((t) => db.prepare(`INSERT INTO ${t} (row_key, data) VALUES (?, ?)`));
    return (kind, run, seq, data) => inserts[kind].run(run * 2 ** 32 + seq, data);
  }
  const inserts = KINDS.map((t) => db.prepare(`INSERT INTO ${t} (run_num, seq, data) VALUES (?, ?, ?)`));
  return (kind, run, seq, data) => inserts[kind].run(run, seq, data);
}

function measure(layout: Layout, batch: number, writes: number): { wall: number; cpu: number } {
  const dir = mkdtempSync(path.join(tmpdir(), "switchyard-layout-"));
  const db = open(path.join(dir, "layout.db"), layout);
  const insertRun = db.prepare("INSERT INTO runs VALUES (?, ?, 'running', 0, 0, 0, '{}')");
  const totals = db.prepare("UPDATE runs SET cost = cost + 1, tokens = tokens + 5, nodes = nodes + 1 WHERE id = ?");
  const insertRow = rowInserter(db, layout);
  // A node write: its step, its checkpoint, two events, and the run's totals.
  const nodeWrite = (run: number, seq: number) => {
    insertRow(0, run, seq, STEP);
    insertRow(1, run, seq, CHECKPOINT);
    insertRow(2, run, 2 * seq, EVENT);
    insertRow(2, run, 2 * seq + 1, EVENT);
    totals.run(`run${run}`);
  };
  // `batch` runs in flight, each a chain of 10 nodes; a finished run is replaced by a new one.
  const runs = Array.from({ length: batch }, (_, i) => i + 1);
  const seqs = runs.map(() => 0);
  let next = batch + 1;
  for (const run of runs) insertRun.run(`run${run}`, run);
  const commit = db.transaction(() => {
    for (let b = 0; b < batch; b++) {
      nodeWrite(runs[b], seqs[b]++);
      if (seqs[b] === 10) {
        runs[b] = next++;
        seqs[b] = 0;
        insertRun.run(`run${runs[b]}`, runs[b]);
      }
    }
  });
  const commits = Math.max(1, Math.round(writes / batch));
  const checkpointEvery = Math.max(1, Math.round(2000 / batch));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < commits; i++) {
    commit();
    // The production server checkpoints from another thread about once a second.
    if (i % checkpointEvery === checkpointEvery - 1) db.pragma("wal_checkpoint(PASSIVE)");
  }
  const wall = ((performance.now() - t0) * 1000) / (commits * batch);
  const used = process.cpuUsage(cpu0);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return { wall, cpu: (used.user + used.system) / (commits * batch) };
}

const batches = (process.env.BATCHES ?? "1,50").split(",").map(Number);
const writes = Number(process.env.WRITES ?? 20_000);
for (let repeat = 0; repeat < Number(process.env.REPEATS ?? 3); repeat++) {
  for (const batch of batches) {
    for (const layout of LAYOUTS) {
      const { wall, cpu } = measure(layout, batch, writes);
      console.log(JSON.stringify({ bench: "sqlite_layout.node_write", layout, batch, us_wall: Number(wall.toFixed(1)), us_cpu: Number(cpu.toFixed(1)) }));
    }
  }
}

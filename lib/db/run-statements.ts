/**
 * The prepared statements of the engine's hot path (see SqliteRunStore). Preparing once
 * per connection keeps a node's writes at a few microseconds of SQLite work each.
 *
 * A run's steps and checkpoints are keyed by `row_key = num * 2^32 + seq` (the table's
 * rowid; `num` is the run's number, see the 20261201120000 migration): a run's rows are one
 * contiguous rowid range, so each table is a single B-tree with no second index, and keys
 * are computed in SQL from small integers (never read back into JavaScript).
 *
 * Events are appended in write order instead (rowid assigned by SQLite) and found through
 * the (run_num, seq) index (the 20261202030000 migration): a node writes two of them, the
 * biggest rows, and under load a group commit holds the writes of dozens of runs. Keyed by
 * run, each of those runs dirtied an event page of its own; in write order they share the
 * table's last pages, and a commit of 50 node writes costs about a third less.
 *
 * The statements a node's commit runs take positional parameters, built by the `*Params`
 * functions below: binding an object by parameter name cost ~6 µs more per 19-column step
 * row than binding an array (better-sqlite3 looks each name up on the object).
 */
import type Database from "better-sqlite3";
import { STEP_COLUMNS, type CheckpointRow, type StepRow } from "./run-rows";

/** Rows per run and table: seq is below 2^32. */
export const RUN_KEY_SPAN = 4294967296;

/** The rowid of seq `seqParam` of the run numbered `numParam` (SQL expression). */
export const rowKey = (numParam: string, seqParam: string) => `${numParam} * ${RUN_KEY_SPAN} + ${seqParam}`;

/** `row_key` of the run numbered by the SQL expression `num`, seqs `from`..`to` (SQL condition on `alias`). */
export const inRun = (num: string, alias = "", from = "0", to = String(RUN_KEY_SPAN - 1)) =>
  `${alias}row_key BETWEEN ${num} * ${RUN_KEY_SPAN} + ${from} AND ${num} * ${RUN_KEY_SPAN} + ${to}`;

/**
 * The highest seq among a run's rows of `table` (a scalar subquery, NULL when it has none):
 * the last row of the run's rowid range, found by one seek. `MAX(seq)` would read every row
 * of the run (3.5 ms for a run of 50,000 events, against 4 µs).
 */
const lastSeq = (table: "steps" | "checkpoints" | "run_events", num: string) =>
  table === "run_events"
    ? `(SELECT seq FROM run_events WHERE run_num = ${num} ORDER BY seq DESC LIMIT 1)`
    : `(SELECT seq FROM ${table} WHERE ${inRun(num)} ORDER BY row_key DESC LIMIT 1)`;

/** The number of a run being inserted: one past the highest (read from the `num` index). */
export const NEXT_RUN_NUM = "(SELECT COALESCE(MAX(num), 0) + 1 FROM runs)";

/** The run numbered by the run id parameter `@run_id` (a scalar subquery SQLite evaluates once). */
const RUN_NUM = "(SELECT num FROM runs WHERE id = @run_id)";

const stepUpdates = STEP_COLUMNS.filter((c) => c !== "id").map((c) => `${c} = excluded.${c}`).join(", ");

/** A step's identity: fixed for its life (checked on update, never rewritten). */
const STEP_KEYS = ["id", "run_id", "seq", "node_id", "idempotency_key"] as const satisfies readonly (keyof StepRow)[];
const STEP_VALUES = STEP_COLUMNS.filter((c) => !(STEP_KEYS as readonly string[]).includes(c));
const stepValueUpdates = STEP_VALUES.map((c) => `${c} = ?`).join(", ");
const CHECKPOINT_COLUMNS = ["run_id", "seq", "step_name", "encoding", "base_seq", "state", "completed", "queue", "meta", "created_at"] as const satisfies readonly (keyof CheckpointRow)[];

type Param = string | number | null;

/** `upsertStep`'s parameters: the run's number, then the row's columns. */
export function upsertStepParams(row: StepRow, num: number): Param[] {
  const params: Param[] = [num, row.seq];
  for (const c of STEP_COLUMNS) params.push(row[c]);
  return params;
}

/** `updateStepValues`'s parameters: the row's values, then its key and identity. */
export function updateStepParams(row: StepRow, num: number): Param[] {
  const params: Param[] = [];
  for (const c of STEP_VALUES) params.push(row[c]);
  params.push(num, row.seq);
  for (const c of STEP_KEYS) params.push(row[c]);
  return params;
}

/** `insertCheckpoint`'s parameters. */
export function checkpointParams(row: CheckpointRow, num: number): Param[] {
  const params: Param[] = [num, row.seq];
  for (const c of CHECKPOINT_COLUMNS) params.push(row[c]);
  return params;
}

const STEPS = `SELECT ${STEP_COLUMNS.join(", ")} FROM steps`;
const CHECKPOINTS = "SELECT run_id, seq, step_name, encoding, base_seq, state, completed, queue, meta, created_at FROM checkpoints";
const EVENTS = "SELECT run_id, seq, type, data, created_at FROM run_events";

export function prepareRunStatements(db: Database.Database) {
  return {
    insertVersion: db.prepare(
      "INSERT OR IGNORE INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by) VALUES (@id, @workflow_id, @version, @graph, @created_at, @created_by)",
    ),
    insertRun: db.prepare(
      `INSERT INTO runs (id, workflow_id, workflow_version, status, input, options, created_at, num)
       VALUES (@id, @workflow_id, @workflow_version, 'pending', @input, @options, @created_at, ${NEXT_RUN_NUM})`,
    ),
    /** Settling a step rewrites only its row's values (its identity must match). */
    updateStepValues: db.prepare(
      `UPDATE steps SET ${stepValueUpdates} WHERE row_key = ${rowKey("?", "?")} AND ${STEP_KEYS.map((c) => `${c} = ?`).join(" AND ")}`,
    ),
    /**
     * A new step, or one whose identity changed: insert, or replace the row whole. Another
     * step at the same seq is left alone (0 changes): the caller treats that as an error.
     */
    upsertStep: db.prepare(
      `INSERT INTO steps (row_key, ${STEP_COLUMNS.join(", ")}) VALUES (${rowKey("?", "?")}, ${STEP_COLUMNS.map(() => "?").join(", ")})
       ON CONFLICT(row_key) DO UPDATE SET ${stepUpdates} WHERE steps.id = excluded.id`,
    ),
    insertCheckpoint: db.prepare(
      `INSERT INTO checkpoints (row_key, ${CHECKPOINT_COLUMNS.join(", ")}) VALUES (${rowKey("?", "?")}, ${CHECKPOINT_COLUMNS.map(() => "?").join(", ")})`,
    ),
    /** Parameters: num, run_id, seq, type, data, created_at. */
    insertEvent: db.prepare("INSERT INTO run_events (run_num, run_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?, ?)"),
    /** The run's number (null: no such run), and its highest event and step seqs. */
    runHead: db.prepare(
      `SELECT r.num AS num,
              ${lastSeq("run_events", "r.num")} AS last_event_seq,
              ${lastSeq("steps", "r.num")} AS last_step_seq
       FROM runs r WHERE r.id = @run_id`,
    ),
    selectRun: db.prepare("SELECT * FROM runs WHERE id = ?"),
    selectGraph: db.prepare("SELECT graph FROM workflow_versions WHERE workflow_id = ? AND version = ?").pluck(),
    selectSteps: db.prepare(`${STEPS} WHERE ${inRun(RUN_NUM)} ORDER BY row_key`),
    selectOpenSteps: db.prepare(`${STEPS} WHERE ${inRun(RUN_NUM)} AND status IN ('running', 'pending', 'waiting') ORDER BY row_key`),
    lastStepSeq: db.prepare(`SELECT COALESCE(${lastSeq("steps", RUN_NUM)}, 0)`).pluck(),
    lastEventSeq: db.prepare(`SELECT COALESCE(${lastSeq("run_events", RUN_NUM)}, 0)`).pluck(),
    lastCheckpointSeq: db.prepare(`SELECT ${lastSeq("checkpoints", RUN_NUM)}`).pluck(),
    /** The last full snapshot at or before a seq: where a delta chain starts. */
    chainStart: db.prepare(`SELECT seq FROM checkpoints WHERE ${inRun(RUN_NUM, "", "0", "@seq")} AND encoding = 'full' ORDER BY row_key DESC LIMIT 1`).pluck(),
    selectCheckpointRange: db.prepare(`${CHECKPOINTS} WHERE ${inRun(RUN_NUM, "", "@from", "@to")} ORDER BY row_key`),
    selectCheckpoints: db.prepare(`${CHECKPOINTS} WHERE ${inRun(RUN_NUM)} ORDER BY row_key`),
    selectCheckpointStates: db.prepare(`SELECT seq, encoding, base_seq, state FROM checkpoints WHERE ${inRun(RUN_NUM)} ORDER BY row_key`),
    selectEvents: db.prepare(`${EVENTS} WHERE run_num = ${RUN_NUM} AND seq > @after ORDER BY seq`),
  };
}

export type RunStatements = ReturnType<typeof prepareRunStatements>;

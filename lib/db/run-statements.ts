/**
 * The prepared statements of the engine's hot path (see SqliteRunStore). Preparing once
 * per connection keeps a node's writes at a few microseconds of SQLite work each.
 *
 * A run's steps, checkpoints and events are appended in write order (`row_key`, the rowid,
 * assigned by SQLite) and found through their `(run_num, seq)` index, `run_num` being the
 * run's number (the 20261202030000 migration). Under load a group commit holds the node
 * writes of dozens of runs: keyed by run (the layout before), each of them dirtied a leaf
 * page of its own in every table; in write order they share each table's last pages, and
 * the index entries of the runs in flight share a few more (see bench/README.md).
 *
 * The statements a node's commit runs take positional parameters, built by the `*Params`
 * functions below: binding an object by parameter name cost ~6 µs more per 19-column step
 * row than binding an array (better-sqlite3 looks each name up on the object).
 */
import type Database from "better-sqlite3";
import { STEP_COLUMNS, type CheckpointRow, type StepRow } from "./run-rows";

/** A run's rows of a table, seqs `from`..`to` when given (SQL condition on `alias`; `num` is an SQL expression). */
export const inRun = (num: string, alias = "", from?: string, to?: string) =>
  `${alias}run_num = ${num}${from === undefined ? "" : ` AND ${alias}seq >= ${from}`}${to === undefined ? "" : ` AND ${alias}seq <= ${to}`}`;

/**
 * The highest seq among a run's rows of `table` (a scalar subquery, NULL when it has none):
 * one seek to the end of the run's index range. `MAX(seq)` read every row of the run while
 * they were keyed by run (3.5 ms for a run of 50,000 events, against 4 µs).
 */
const lastSeq = (table: "steps" | "checkpoints" | "run_events", num: string) => `(SELECT seq FROM ${table} WHERE ${inRun(num)} ORDER BY seq DESC LIMIT 1)`;

/** The number of a run being inserted: one past the highest (read from the `num` index). */
export const NEXT_RUN_NUM = "(SELECT COALESCE(MAX(num), 0) + 1 FROM runs)";

/** The run numbered by the run id parameter `@run_id` (a scalar subquery SQLite evaluates once). */
const RUN_NUM = "(SELECT num FROM runs WHERE id = @run_id)";

const stepUpdates = STEP_COLUMNS.filter((c) => c !== "id").map((c) => `${c} = excluded.${c}`).join(", ");

/** A step's identity: fixed for its life (checked on update, never rewritten). */
const STEP_KEYS = ["id", "run_id", "seq", "node_id", "idempotency_key"] as const satisfies readonly (keyof StepRow)[];
const STEP_VALUES = STEP_COLUMNS.filter((c) => !(STEP_KEYS as readonly string[]).includes(c));
const stepValueUpdates = STEP_VALUES.map((c) => `${c} = ?`).join(", ");
const CHECKPOINT_COLUMNS = ["run_id", "seq", "step_name", "encoding", "base_seq", "state", "completed", "queue", "meta", "state_schema_version", "created_at"] as const satisfies readonly (keyof CheckpointRow)[];

type Param = string | number | null;

/** `upsertStep`'s parameters: the run's number, then the row's columns. */
export function upsertStepParams(row: StepRow, num: number): Param[] {
  const params: Param[] = [num];
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
  const params: Param[] = [num];
  for (const c of CHECKPOINT_COLUMNS) params.push(row[c]);
  return params;
}

const STEPS = `SELECT ${STEP_COLUMNS.join(", ")} FROM steps`;
const CHECKPOINTS = `SELECT ${CHECKPOINT_COLUMNS.join(", ")} FROM checkpoints`;
const EVENTS = "SELECT run_id, seq, type, data, created_at FROM run_events";

export function prepareRunStatements(db: Database.Database) {
  return {
    insertVersion: db.prepare(
      "INSERT OR IGNORE INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by) VALUES (@id, @workflow_id, @version, @graph, @created_at, @created_by)",
    ),
    insertRun: db.prepare(
      `INSERT INTO runs (id, workflow_id, workflow_version, status, input, options, created_at, created_by, created_by_type, created_by_name, created_by_owner, num)
       VALUES (@id, @workflow_id, @workflow_version, 'pending', @input, @options, @created_at, @created_by, @created_by_type, @created_by_name, @created_by_owner, ${NEXT_RUN_NUM})`,
    ),
    /** Settling a step rewrites only its row's values (its identity must match). */
    updateStepValues: db.prepare(
      `UPDATE steps SET ${stepValueUpdates} WHERE run_num = ? AND seq = ? AND ${STEP_KEYS.map((c) => `${c} = ?`).join(" AND ")}`,
    ),
    /**
     * A new step, or one whose identity changed: insert, or replace the row whole. Another
     * step at the same seq is left alone (0 changes): the caller treats that as an error.
     */
    upsertStep: db.prepare(
      `INSERT INTO steps (run_num, ${STEP_COLUMNS.join(", ")}) VALUES (?, ${STEP_COLUMNS.map(() => "?").join(", ")})
       ON CONFLICT(run_num, seq) DO UPDATE SET ${stepUpdates} WHERE steps.id = excluded.id`,
    ),
    insertCheckpoint: db.prepare(
      `INSERT INTO checkpoints (run_num, ${CHECKPOINT_COLUMNS.join(", ")}) VALUES (?, ${CHECKPOINT_COLUMNS.map(() => "?").join(", ")})`,
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
    /** Who holds the run's lease: `{owner}` (null: nobody), or undefined when there is no such run. */
    leaseOwner: db.prepare("SELECT lease_owner AS owner FROM runs WHERE id = ?"),
    selectGraph: db.prepare("SELECT graph FROM workflow_versions WHERE workflow_id = ? AND version = ?").pluck(),
    selectSteps: db.prepare(`${STEPS} WHERE ${inRun(RUN_NUM)} ORDER BY seq`),
    selectOpenSteps: db.prepare(`${STEPS} WHERE ${inRun(RUN_NUM)} AND status IN ('running', 'pending', 'waiting') ORDER BY seq`),
    lastStepSeq: db.prepare(`SELECT COALESCE(${lastSeq("steps", RUN_NUM)}, 0)`).pluck(),
    lastEventSeq: db.prepare(`SELECT COALESCE(${lastSeq("run_events", RUN_NUM)}, 0)`).pluck(),
    lastCheckpointSeq: db.prepare(`SELECT ${lastSeq("checkpoints", RUN_NUM)}`).pluck(),
    /** The last full snapshot at or before a seq: where a delta chain starts. */
    chainStart: db.prepare(`SELECT seq FROM checkpoints WHERE ${inRun(RUN_NUM, "", undefined, "@seq")} AND encoding = 'full' ORDER BY seq DESC LIMIT 1`).pluck(),
    selectCheckpointRange: db.prepare(`${CHECKPOINTS} WHERE ${inRun(RUN_NUM, "", "@from", "@to")} ORDER BY seq`),
    selectCheckpoints: db.prepare(`${CHECKPOINTS} WHERE ${inRun(RUN_NUM)} ORDER BY seq`),
    selectCheckpointStates: db.prepare(`SELECT seq, encoding, base_seq, state, state_schema_version FROM checkpoints WHERE ${inRun(RUN_NUM)} ORDER BY seq`),
    selectCheckpointSizes: db.prepare(
      `SELECT seq, encoding, base_seq, length(CAST(state AS BLOB)) AS state_bytes, length(CAST(state AS BLOB)) + length(CAST(completed AS BLOB)) + length(CAST(queue AS BLOB)) AS record_bytes FROM checkpoints WHERE ${inRun(RUN_NUM)} ORDER BY seq`,
    ),
    selectCheckpointHeads: db.prepare(`SELECT seq, step_name, created_at FROM checkpoints WHERE ${inRun(RUN_NUM)} ORDER BY seq`),
    selectEvents: db.prepare(`${EVENTS} WHERE ${inRun(RUN_NUM)} AND seq > @after ORDER BY seq`),
  };
}

export type RunStatements = ReturnType<typeof prepareRunStatements>;

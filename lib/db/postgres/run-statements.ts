/**
 * The statements of the run store on PostgreSQL (see PostgresRunStore), all named, so each
 * connection parses and plans each once.
 *
 * A group commit writes its rows in one statement per batch segment (run-batch.ts) whatever
 * the number of writes in it ({@link rowsStatement}): each table's rows are bound as one array
 * per column and read back as rows with `unnest`, so the round trip, the statement's messages
 * and its executor start are paid once. The rows of a run created in the same batch name their
 * run by id with a NULL number: {@link runNum} looks the number up.
 *
 * Two writes that are errors in SQLite only by the JavaScript check after them are errors
 * here in the statement itself, so a batch can be sent with its COMMIT in one round trip
 * (the failing batch is then applied again write by write, see group-commit.ts): a step row
 * written over by another step's (same run and seq, another id) sets `id` NULL, and a run of a
 * version that does not exist gets a NULL `workflow_version`; both break a NOT NULL
 * constraint. {@link isNullIn} recognizes them.
 */
import type pg from "pg";
import { AUDIT_CHAIN_LOCK } from "./audit-lock";
import { pgTypes } from "./types";
import { CHECKPOINT_COLUMNS, CHECKPOINT_SELECT, EVENT_SELECT, MS, PATCH_FIELDS, RUN_SELECT, STEP_COLUMNS, STEP_SELECT } from "./run-rows";

/** A named statement; {@link bind} makes a query of it. */
export interface Statement {
  name: string;
  text: string;
}

const statement = (name: string, text: string): Statement => ({ name: `switchyard_run_${name}`, text });

/** The query running `s` with `values`; bigint columns are read as numbers whatever the pool's own parsers. */
export const bind = (s: Statement, values: unknown[]): pg.QueryConfig => ({ name: s.name, text: s.text, values, types: pgTypes });

/** True when `err` is PostgreSQL refusing a NULL in `table.column` (see the header). */
export function isNullIn(err: unknown, table: string, column: string): boolean {
  const e = err as { code?: string; table?: string; column?: string } | null;
  return e?.code === "23502" && e.table === table && e.column === column;
}

/** The SQLSTATE of a refused fence ({@link WRITE.fence}); the run's id is the error's detail. */
export const FENCE_REFUSED = "SYF01";

/** The run whose fence `err` refused, or null when `err` is another error. */
export function fenceRefused(err: unknown): string | null {
  const e = err as { code?: string; detail?: string } | null;
  return e?.code === FENCE_REFUSED && typeof e.detail === "string" ? e.detail : null;
}

type Typed = readonly (readonly [string, string])[];

/** `unnest($from::t1[], $from+1::t2[], …) AS alias(c1, c2, …)` over `columns`. */
function unnest(columns: Typed, alias: string, from = 1): string {
  const arrays = columns.map(([, type], i) => `$${i + from}::${type}[]`).join(", ");
  return `unnest(${arrays}) AS ${alias}(${columns.map(([c]) => c).join(", ")})`;
}

/** The run number of a bulk row: given, or (a run created in the same batch) looked up by id. */
const runNum = (alias: string) => `COALESCE(${alias}.run_num, (SELECT num FROM runs WHERE id = ${alias}.run_id))`;

/** The run named by the run id parameter `$1`. */
const RUN_NUM = "(SELECT num FROM runs WHERE id = $1)";

/** The highest seq of a run's rows in `table` (NULL when none): one backward step into its index. */
const lastSeq = (table: "steps" | "run_events" | "checkpoints", num: string) => `(SELECT seq FROM ${table} WHERE run_num = ${num} ORDER BY seq DESC LIMIT 1)`;

const STEP_ROW: Typed = [["run_num", "integer"], ...STEP_COLUMNS];
const CHECKPOINT_ROW: Typed = [["run_num", "integer"], ...CHECKPOINT_COLUMNS];
const EVENT_ROW: Typed = [["run_num", "integer"], ["run_id", "text"], ["seq", "integer"], ["type", "text"], ["data", "text"], ["created_at", "timestamptz"]];
const PATCH_ROW: Typed = [["id", "text"], ["mask", "integer"], ["drop_lease", "boolean"], ...PATCH_FIELDS.map(([field, type]) => [field, type] as const)];

const insertRows = (table: string, row: Typed, from = 1) =>
  `INSERT INTO ${table} (${row.map(([c]) => c).join(", ")})
   SELECT ${runNum("u")}, ${row.slice(1).map(([c]) => `u.${c}`).join(", ")} FROM ${unnest(row, "u", from)}`;

/** Sets a patched field from `v` when its bit is set in `v.mask`, else keeps the row's value. */
const patchSet = PATCH_FIELDS.map(([field], i) => `${field} = CASE WHEN v.mask & ${1 << i} <> 0 THEN v.${field} ELSE r.${field} END`).join(",\n  ");

/**
 * Steps, inserted or replaced whole by (run, seq). Another step at a taken seq is refused:
 * its `id` would become NULL (see the header). A batch holds each (run, seq) once, its
 * latest version (run-batch.ts): one statement cannot change a row twice.
 */
const upsertSteps = (from: number) => `${insertRows("steps", STEP_ROW, from)}
     ON CONFLICT (run_num, seq) DO UPDATE SET id = CASE WHEN steps.id = excluded.id THEN steps.id END,
       ${STEP_COLUMNS.filter(([c]) => c !== "id").map(([c]) => `${c} = excluded.${c}`).join(", ")}`;

/**
 * Each run's merged patch (run-rows.ts `mergePatch`); a patch that settles the run drops
 * its lease with it. Answers the ids it found: a run missing from them does not exist.
 * `r.id = ANY(ids)` besides the join: an index condition whichever join the planner picks (a
 * generic plan made while `runs` was small joins by scanning the table).
 */
const patchRuns = (from: number) => `UPDATE runs AS r SET
  ${patchSet},
  lease_owner = CASE WHEN v.drop_lease THEN NULL ELSE r.lease_owner END,
  lease_expires_at = CASE WHEN v.drop_lease THEN NULL ELSE r.lease_expires_at END
     FROM ${unnest(PATCH_ROW, "v", from)} WHERE r.id = v.id AND r.id = ANY($${from}::text[]) RETURNING r.id`;

/** The tables a batch segment writes rows to, in the order it writes them. */
export const ROW_TABLES = ["steps", "checkpoints", "events", "patches"] as const;
export type RowTable = (typeof ROW_TABLES)[number];

/** Each table's statement (its arrays bound from parameter `from` on) and how many arrays it binds. */
export const ROW_SQL: Record<RowTable, { arrays: number; sql: (from: number) => string }> = {
  steps: { arrays: STEP_ROW.length, sql: upsertSteps },
  checkpoints: { arrays: CHECKPOINT_ROW.length, sql: (from) => insertRows("checkpoints", CHECKPOINT_ROW, from) },
  events: { arrays: EVENT_ROW.length, sql: (from) => insertRows("run_events", EVENT_ROW, from) },
  patches: { arrays: PATCH_ROW.length, sql: patchRuns },
};

const rowStatements = new Map<string, Statement>();

/**
 * One statement writing `tables` (some of {@link ROW_TABLES}, in that order), their arrays
 * bound one table after the other: each table but the last in a data-modifying CTE. One
 * statement rather than one per table spares each table its parse-bind-execute messages and
 * its executor start (about a fifth of a batch's time in the server). The parts do not see
 * one another's rows, and none reads them — but for the spend-unfold trigger, which reads a
 * run's steps when its status leaves completed or failed: a segment setting another status
 * writes each table by itself (run-batch.ts). With patches, answers the ids of the runs found.
 */
export function rowsStatement(tables: readonly RowTable[]): Statement {
  const key = tables.join("+");
  let s = rowStatements.get(key);
  if (!s) {
    let from = 1;
    const parts = tables.map((table) => {
      const sql = ROW_SQL[table].sql(from);
      from += ROW_SQL[table].arrays;
      return sql;
    });
    const main = parts.pop() as string;
    const text = parts.length === 0 ? main : `WITH ${parts.map((sql, i) => `w${i} AS (${sql})`).join(",\n")}\n${main}`;
    s = statement(`rows_${tables.map((t) => t[0]).join("")}`, text);
    rowStatements.set(key, s);
  }
  return s;
}

/** The writes of a trigger and of createRun, and lease releases. */
export const WRITE = {
  /** Leases dropped with the commit: `$1` run ids, `$2` their owners; another holder's stays. */
  releases: statement(
    "release_leases",
    "UPDATE runs AS r SET lease_owner = NULL, lease_expires_at = NULL FROM unnest($1::text[], $2::text[]) AS v(id, owner) WHERE r.id = v.id AND r.id = ANY($1::text[]) AND r.lease_owner = v.owner",
  ),
  /**
   * The version snapshot of a run about to be inserted, when missing (versions saved before
   * snapshots existed): copied from the workflow's row while it is at that version.
   * `$1` id, `$2` workflow, `$3` version, `$4` created_at, `$5` created_by.
   */
  copyVersion: statement(
    "copy_version",
    `INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by)
     SELECT $1::text, w.id, w.version, w.graph, $4::timestamptz, $5::text FROM workflows w
     WHERE w.id = $2::text AND w.version = $3::integer
       AND NOT EXISTS (SELECT 1 FROM workflow_versions v WHERE v.workflow_id = $2::text AND v.version = $3::integer)
     ON CONFLICT DO NOTHING`,
  ),
  /** A triggered run, `pending` and leased; its number from the sequence (the 20261205090000 migration). */
  triggeredRun: statement(
    "insert_triggered_run",
    `INSERT INTO runs (id, workflow_id, workflow_version, status, input, options, created_by, created_by_type, created_by_name,
       created_by_owner, created_at, lease_owner, lease_expires_at, num)
     VALUES ($1, $2, (SELECT version FROM workflow_versions WHERE workflow_id = $2 AND version = $3::integer), 'pending', $4, $5, $6, $7, $8,
       $9, $10, $11, $12, nextval('runs_num_seq')) RETURNING num`,
  ),
  /**
   * The fence of a batch's writes (engine/ports RunWrite.fence): `$1` run ids, `$2` the lease
   * holder each one's writes expect. Locks those runs' rows, in id order, and fails with
   * {@link FENCE_REFUSED} when one is leased to anyone else (migrations
   * 20261206090000_run_write_fence and 20261206180000_run_write_fence_statement). The lock
   * keeps a takeover from committing between the check and the writes, and a locking read
   * sees a takeover that committed first. MATERIALIZED keeps the holder comparison out of the
   * locking scan: pushed into it, the runs whose holder matches would not be locked.
   */
  fence: statement(
    "fence",
    `WITH l AS MATERIALIZED (
       SELECT runs.id, runs.lease_owner, f.holder FROM runs JOIN unnest($1::text[], $2::text[]) AS f(id, holder) ON f.id = runs.id
        WHERE runs.id = ANY($1::text[]) ORDER BY runs.id FOR NO KEY UPDATE OF runs)
     SELECT switchyard_fence_refuse(l.id) FROM l WHERE l.lease_owner IS DISTINCT FROM l.holder`,
  ),
  /** Serializes audit appends (lib/db/postgres/audit-lock.ts) until the transaction ends. */
  auditLock: statement("audit_lock", `SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`),
  /**
   * One chained audit row: its hash is `sha256hex(prev_hash + body)` (lib/db/audit-hash.ts),
   * computed here from the chain head as this statement reads it, after {@link WRITE.auditLock}.
   * `$1`…`$9` the row's columns up to created_at, `$10` the hashed body, `$11` the genesis hash.
   */
  audit: statement(
    "append_audit",
    `INSERT INTO audit_entries (id, action, actor_id, actor_type, actor_name, target_type, target_id, details, created_at, prev_hash, hash)
     SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::timestamptz, h.prev,
       encode(sha256(convert_to(h.prev || $10::text, 'UTF8')), 'hex')
     FROM (SELECT COALESCE((SELECT hash FROM audit_entries ORDER BY seq DESC LIMIT 1), $11::text) AS prev) AS h`,
  ),
  /**
   * createRun: the version snapshot (kept when it exists) and the run, one statement.
   * `$1` run id, `$2` workflow, `$3` version, `$4` graph, `$5` created_at, `$6` the version's
   * author, `$7` input, `$8` options, `$9`…`$12` the trigger (id, type, name, owner), `$13` the version row's id.
   */
  createRun: statement(
    "create_run",
    `WITH version AS (
       INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by)
       VALUES ($13, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING)
     INSERT INTO runs (id, workflow_id, workflow_version, status, input, options, created_at, created_by, created_by_type, created_by_name, created_by_owner, num)
     VALUES ($1, $2, $3, 'pending', $7, $8, $5, $9, $10, $11, $12, nextval('runs_num_seq')) RETURNING num`,
  ),
};

/** How many arrays each table's rows are bound as. */
export const PATCH_ARRAYS = PATCH_ROW.length;
export const STEP_ARRAYS = STEP_ROW.length;
export const CHECKPOINT_ARRAYS = CHECKPOINT_ROW.length;
export const EVENT_ARRAYS = EVENT_ROW.length;

const STEPS = `SELECT ${STEP_SELECT} FROM steps`;
const CHECKPOINTS = `SELECT ${CHECKPOINT_SELECT} FROM checkpoints`;

/** The last full snapshot at or before `upTo` (an SQL expression, or none: the latest). */
const chainStart = (upTo?: string) =>
  `(SELECT seq FROM checkpoints WHERE run_num = ${RUN_NUM}${upTo ? ` AND seq <= ${upTo}` : ""} AND encoding = 'full' ORDER BY seq DESC LIMIT 1)`;

export const READ = {
  /** The runs of `$1` (ids) that exist: number and highest event seq. */
  /**
   * Each run looked up by itself, in its primary key whatever the planner knows of the table:
   * `r.id = ANY(…)`, or a join the planner may flatten this into (LIMIT keeps it from that), is
   * planned as a scan of the whole table while it is all but empty — and a generic plan stays.
   */
  heads: statement(
    "heads",
    `SELECT r.id, r.num, COALESCE(${lastSeq("run_events", "r.num")}, 0) AS last_event_seq
     FROM unnest($1::text[]) AS q(id) CROSS JOIN LATERAL (SELECT id, num FROM runs WHERE runs.id = q.id LIMIT 1) AS r`,
  ),
  run: statement("run", `SELECT ${RUN_SELECT} FROM runs WHERE id = $1`),
  /** The run with its number and highest step and event seqs (loadRun). */
  loaded: statement(
    "loaded",
    `SELECT ${RUN_SELECT}, runs.num, COALESCE(${lastSeq("steps", "runs.num")}, 0) AS last_step_seq, COALESCE(${lastSeq("run_events", "runs.num")}, 0) AS last_event_seq
     FROM runs WHERE id = $1`,
  ),
  graph: statement("graph", "SELECT graph FROM workflow_versions WHERE workflow_id = $1 AND version = $2"),
  steps: statement("steps", `${STEPS} WHERE run_num = ${RUN_NUM} ORDER BY seq`),
  openSteps: statement("open_steps", `${STEPS} WHERE run_num = ${RUN_NUM} AND status IN ('running', 'pending', 'waiting') ORDER BY seq`),
  /** The rows from the last full snapshot on: the latest checkpoint's chain. */
  latestChain: statement("latest_chain", `${CHECKPOINTS} WHERE run_num = ${RUN_NUM} AND seq >= ${chainStart()} ORDER BY seq`),
  /** The rows of checkpoint `$2`'s chain: from the last full snapshot at or before it, up to it. */
  chainAt: statement("chain_at", `${CHECKPOINTS} WHERE run_num = ${RUN_NUM} AND seq <= $2 AND seq >= ${chainStart("$2")} ORDER BY seq`),
  checkpoints: statement("checkpoints", `${CHECKPOINTS} WHERE run_num = ${RUN_NUM} ORDER BY seq`),
  checkpointStates: statement("checkpoint_states", `SELECT seq, encoding, base_seq, state, state_schema_version FROM checkpoints WHERE run_num = ${RUN_NUM} ORDER BY seq`),
  /** {@link READ.checkpointStates} when the run's stored states add up to no more than `$2` bytes, else nothing. */
  checkpointStatesUpTo: statement(
    "checkpoint_states_up_to",
    `SELECT seq, encoding, base_seq, state, state_schema_version FROM checkpoints
     WHERE run_num = ${RUN_NUM} AND (SELECT COALESCE(sum(octet_length(state)), 0) FROM checkpoints WHERE run_num = ${RUN_NUM}) <= $2::bigint ORDER BY seq`,
  ),
  checkpointSizes: statement(
    "checkpoint_sizes",
    `SELECT seq, encoding, base_seq, octet_length(state) AS state_bytes, octet_length(state) + octet_length(completed) + octet_length(queue) AS record_bytes
     FROM checkpoints WHERE run_num = ${RUN_NUM} ORDER BY seq`,
  ),
  checkpointHeads: statement("checkpoint_heads", `SELECT seq, step_name, ${MS("created_at")} AS created_at FROM checkpoints WHERE run_num = ${RUN_NUM} ORDER BY seq`),
  events: statement("events", `SELECT ${EVENT_SELECT} FROM run_events WHERE run_num = ${RUN_NUM} AND seq > $2::integer ORDER BY seq`),
};

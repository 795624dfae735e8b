/**
 * Run leases on PostgreSQL (SPEC §5; the semantics of lib/db/run-leases.ts): which process
 * drives a run, until when. Claiming and taking over are each one conditional UPDATE, a
 * compare-and-set: PostgreSQL locks the row, and a second UPDATE waiting on it re-checks its
 * condition against the row the first one left, so two processes never both win a run.
 */
import type pg from "pg";
import type { LeaseRow, OrphanRow, RunLeaseStore } from "../ports";
import { sqlTime } from "../timestamps";
import { MS } from "./run-rows";
import { bind, type Statement } from "./run-statements";
import { clearTakeovers, noteTakeover } from "./run-takeovers";

const statement = (name: string, text: string): Statement => ({ name: `switchyard_lease_${name}`, text });

const SQL = {
  /** `$1` run, `$2` owner, `$3` expires, `$4` now. */
  claim: statement(
    "claim",
    `UPDATE runs SET lease_owner = $2, lease_expires_at = $3
     WHERE id = $1 AND (lease_owner IS NULL OR lease_owner = $2 OR lease_expires_at IS NULL OR lease_expires_at < $4::timestamptz)`,
  ),
  /** `$1` run, `$2` owner, `$3` expires, `$4` previous holder (or null), `$5` status. */
  takeOver: statement(
    "take_over",
    "UPDATE runs SET lease_owner = $2, lease_expires_at = $3 WHERE id = $1 AND lease_owner IS NOT DISTINCT FROM $4::text AND status = $5",
  ),
  // Only runs not settled hold leases: the status index finds them without reading every run.
  releaseProcess: statement(
    "release_process",
    "UPDATE runs SET lease_owner = NULL, lease_expires_at = NULL WHERE status IN ('pending', 'running', 'paused') AND substr(lease_owner, 1, length($1::text)) = $1::text",
  ),
  renew: statement("renew", "UPDATE runs SET lease_expires_at = $1 WHERE lease_owner = $2 AND id = ANY($3::text[])"),
  orphans: statement(
    "orphans",
    `SELECT id, status, lease_owner AS owner, ${MS("lease_expires_at")} AS expires FROM runs
     WHERE status IN ('pending', 'running') AND (lease_owner IS NULL OR lease_owner <> $1 OR lease_expires_at < $2::timestamptz)
     ORDER BY created_at LIMIT $3`,
  ),
  /** The gate's deadline is epoch ms in `pending_gate.expires_at` (absent or null: none). */
  expiredGates: statement(
    "expired_gates",
    `SELECT id FROM runs WHERE status = 'paused' AND pending_gate IS NOT NULL
       AND CASE WHEN json_typeof(pending_gate::json -> 'expires_at') = 'number' THEN (pending_gate::json ->> 'expires_at')::numeric END <= $1
     LIMIT $2`,
  ),
};

/**
 * The lease store of a run store on `pool`. `release` is the run store's: a release joins its
 * next group commit (it shares that transaction instead of paying one of its own).
 */
export function postgresLeases(pool: pg.Pool, release: RunLeaseStore["release"]): RunLeaseStore {
  const changed = async (s: Statement, values: unknown[]) => (await pool.query(bind(s, values))).rowCount ?? 0;
  return {
    claim: async (a) => (await changed(SQL.claim, [a.runId, a.owner, sqlTime(a.now + a.ttlMs), sqlTime(a.now)])) === 1,
    takeOver: async (a) => (await changed(SQL.takeOver, [a.runId, a.owner, sqlTime(a.now + a.ttlMs), a.previous, a.status])) === 1,
    release,
    releaseProcess: (ownerPrefix) => changed(SQL.releaseProcess, [ownerPrefix]),
    renew: async (a) => (a.runIds.length === 0 ? 0 : changed(SQL.renew, [sqlTime(a.now + a.ttlMs), a.owner, a.runIds])),
    async orphans(a): Promise<OrphanRow[]> {
      const rows = (await pool.query<{ id: string; status: OrphanRow["status"] } & { owner: LeaseRow["owner"]; expires: number | null }>(bind(SQL.orphans, [a.owner, sqlTime(a.now), a.limit]))).rows;
      return rows.map((r) => ({ id: r.id, status: r.status, owner: r.owner, expiresAt: r.expires }));
    },
    expiredGates: async (a) => (await pool.query<{ id: string }>(bind(SQL.expiredGates, [a.now, a.limit]))).rows.map((r) => r.id),
    noteTakeover: (runId) => noteTakeover(pool, runId),
    clearTakeovers: (runId) => clearTakeovers(pool, runId),
  };
}

/**
 * Run leases on PostgreSQL (SPEC §5; the semantics of lib/db/run-leases.ts): which process
 * drives a run, until when. Claiming and taking over are each a conditional UPDATE, a
 * compare-and-set: PostgreSQL locks the row, and a second UPDATE waiting on it re-checks its
 * condition against the row the first one left, so two processes never both win a run.
 *
 * The claims made in one event-loop turn (a worker beginning the jobs it took) go out as one
 * statement: one round trip and one transaction for all of them instead of one each.
 */
import type pg from "pg";
import type { LeaseRow, OrphanRow, RunLeaseStore } from "../ports";
import { sqlTime } from "../timestamps";
import { MS } from "./run-rows";
import { bind, type Statement } from "./run-statements";
import { clearTakeovers, noteTakeover } from "./run-takeovers";
import { byKey } from "./session";

const statement = (name: string, text: string): Statement => ({ name: `switchyard_lease_${name}`, text });

const SQL = {
  /** Per claim (one a run): `$1` run, `$2` owner, `$3` expires, `$4` now. */
  claim: statement(
    "claim_many",
    `UPDATE runs AS r SET lease_owner = c.owner, lease_expires_at = c.expires
     FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[]) AS c(id, owner, expires, now)
     WHERE r.id = c.id AND (r.lease_owner IS NULL OR r.lease_owner = c.owner OR r.lease_expires_at IS NULL OR r.lease_expires_at < c.now)
     RETURNING r.id`,
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
  // Planned without sequential scans (./session.ts BEGIN_BY_KEY): they find runs by id or status.
  const changedByKey = async (s: Statement, values: unknown[]) => (await byKey(pool, bind(s, values))).rowCount ?? 0;
  return {
    claim: claimsByTurn(pool),
    takeOver: async (a) => (await changed(SQL.takeOver, [a.runId, a.owner, sqlTime(a.now + a.ttlMs), a.previous, a.status])) === 1,
    release,
    releaseProcess: (ownerPrefix) => changedByKey(SQL.releaseProcess, [ownerPrefix]),
    renew: async (a) => (a.runIds.length === 0 ? 0 : changedByKey(SQL.renew, [sqlTime(a.now + a.ttlMs), a.owner, a.runIds])),
    async orphans(a): Promise<OrphanRow[]> {
      const rows = (await byKey<{ id: string; status: OrphanRow["status"] } & { owner: LeaseRow["owner"]; expires: number | null }>(pool, bind(SQL.orphans, [a.owner, sqlTime(a.now), a.limit]))).rows;
      return rows.map((r) => ({ id: r.id, status: r.status, owner: r.owner, expiresAt: r.expires }));
    },
    expiredGates: async (a) => (await byKey<{ id: string }>(pool, bind(SQL.expiredGates, [a.now, a.limit]))).rows.map((r) => r.id),
    noteTakeover: (runId) => noteTakeover(pool, runId),
    clearTakeovers: (runId) => clearTakeovers(pool, runId),
  };
}

type Claim = Parameters<RunLeaseStore["claim"]>[0];

/**
 * `claim`, gathering the claims of one turn into one statement. A run claimed again in the
 * same turn waits for the next statement, so each claim is decided as it would be alone, in
 * the order they were made.
 */
function claimsByTurn(pool: pg.Pool): RunLeaseStore["claim"] {
  type Waiting = { claim: Claim; resolve(won: boolean): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  let scheduled = false;
  const flush = async () => {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const runs = new Set<string>();
    for (const w of waiting) {
      if (runs.has(w.claim.runId)) later.push(w);
      else {
        runs.add(w.claim.runId);
        batch.push(w);
      }
    }
    waiting = [];
    try {
      const columns: unknown[][] = [[], [], [], []];
      for (const { claim } of batch) {
        columns[0].push(claim.runId);
        columns[1].push(claim.owner);
        columns[2].push(sqlTime(claim.now + claim.ttlMs));
        columns[3].push(sqlTime(claim.now));
      }
      const won = new Set((await byKey<{ id: string }>(pool, bind(SQL.claim, columns))).rows.map((r) => r.id));
      for (const { claim, resolve } of batch) resolve(won.has(claim.runId));
    } catch (err) {
      for (const { reject } of batch) reject(err);
    }
    waiting = [...later, ...waiting];
    if (waiting.length > 0) await flush();
    else scheduled = false;
  };
  return (claim) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ claim, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void flush());
    });
}

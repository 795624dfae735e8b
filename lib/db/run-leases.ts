/**
 * Run leases (SPEC §5): which process drives a run, until when. A process takes a lease
 * before it starts, resumes or decides a run, renews it while the run is active and drops
 * it when the run's segment ends. Claiming is one conditional UPDATE, so two processes
 * can never both win the same run. Times are the DATETIME text Prisma writes, so they
 * compare correctly as text.
 */
import type Database from "better-sqlite3";
import { sqlTime } from "./timestamps";

const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();

function prepare(conn: Database.Database) {
  return {
    claim: conn.prepare(
      `UPDATE runs SET lease_owner = @owner, lease_expires_at = @expires
       WHERE id = @id AND (lease_owner IS NULL OR lease_owner = @owner OR lease_expires_at IS NULL OR lease_expires_at < @now)`,
    ),
    takeOver: conn.prepare(
      "UPDATE runs SET lease_owner = @owner, lease_expires_at = @expires WHERE id = @id AND lease_owner IS @previous AND status = @status",
    ),
    release: conn.prepare("UPDATE runs SET lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ?"),
    renew: conn.prepare("UPDATE runs SET lease_expires_at = ? WHERE lease_owner = ? AND id IN (SELECT value FROM json_each(?))"),
    holder: conn.prepare("SELECT lease_owner AS owner, lease_expires_at AS expires FROM runs WHERE id = ?"),
    orphans: conn.prepare(
      `SELECT id, status, lease_owner AS owner, lease_expires_at AS expires FROM runs
       WHERE status IN ('pending', 'running') AND (lease_owner IS NULL OR lease_owner <> @owner OR lease_expires_at < @now)
       ORDER BY created_at LIMIT @limit`,
    ),
    expiredGates: conn.prepare(
      `SELECT id FROM runs WHERE status = 'paused' AND pending_gate IS NOT NULL
       AND json_extract(pending_gate, '$.expires_at') <= ? LIMIT ?`,
    ).pluck(),
  };
}

function sql(conn: Database.Database) {
  let s = statements.get(conn);
  if (!s) {
    s = prepare(conn);
    statements.set(conn, s);
  }
  return s;
}

/** A run's lease as stored. */
export interface LeaseRow {
  owner: string | null;
  /** Epoch ms, or null when nobody holds it. */
  expiresAt: number | null;
}

/** A run that should be driven but nobody (alive) is driving. */
export interface OrphanRow extends LeaseRow {
  id: string;
  status: "pending" | "running";
}

/**
 * Takes the run's lease for `owner` when it is free, expired or already `owner`'s.
 * Returns false when another process holds a live lease (or the run does not exist).
 */
export function claimLease(conn: Database.Database, a: { runId: string; owner: string; now: number; ttlMs: number }): boolean {
  return sql(conn).claim.run({ id: a.runId, owner: a.owner, expires: sqlTime(a.now + a.ttlMs), now: sqlTime(a.now) }).changes === 1;
}

/**
 * Takes over a lease whose holder is known to be dead, but only if nothing changed since
 * it was read (same holder, same status): a compare-and-set, never a steal from the living.
 */
export function takeOverLease(conn: Database.Database, a: { runId: string; owner: string; previous: string | null; status: string; now: number; ttlMs: number }): boolean {
  return sql(conn).takeOver.run({ id: a.runId, owner: a.owner, previous: a.previous, status: a.status, expires: sqlTime(a.now + a.ttlMs) }).changes === 1;
}

/** Drops `owner`'s lease on the run (a no-op when someone else holds it). */
export function releaseLease(conn: Database.Database, a: { runId: string; owner: string }): void {
  sql(conn).release.run(a.runId, a.owner);
}

/**
 * Drops every lease held by a process (`<host>:<pid>:` owners, see lib/runtime/process-id.ts)
 * that is stopping on purpose: its runs are free for the next process at once, and are not
 * taken over from a dead one (lib/db/run-takeovers.ts). Returns how many it dropped.
 */
export function releaseProcessLeases(conn: Database.Database, ownerPrefix: string): number {
  // Only runs not settled hold leases: the status index finds them without reading every run.
  return conn
    .prepare("UPDATE runs SET lease_owner = NULL, lease_expires_at = NULL WHERE status IN ('pending', 'running', 'paused') AND substr(lease_owner, 1, length(?)) = ?")
    .run(ownerPrefix, ownerPrefix).changes;
}

/** Extends `owner`'s leases on `runIds` to `now + ttlMs`; returns how many it still held. */
export function renewLeases(conn: Database.Database, a: { runIds: string[]; owner: string; now: number; ttlMs: number }): number {
  if (a.runIds.length === 0) return 0;
  return sql(conn).renew.run(sqlTime(a.now + a.ttlMs), a.owner, JSON.stringify(a.runIds)).changes;
}

/** Who holds the run's lease; null for an unknown run. */
export function readLease(conn: Database.Database, runId: string): LeaseRow | null {
  const row = sql(conn).holder.get(runId) as { owner: string | null; expires: string | null } | undefined;
  return row ? { owner: row.owner, expiresAt: row.expires === null ? null : Date.parse(row.expires) } : null;
}

/**
 * Pending/running runs that `owner` does not hold a live lease on: unleased, expired, or
 * leased by another process (the caller decides whether that one is really gone).
 */
export function listOrphanCandidates(conn: Database.Database, a: { owner: string; now: number; limit: number }): OrphanRow[] {
  const rows = sql(conn).orphans.all({ owner: a.owner, now: sqlTime(a.now), limit: a.limit }) as { id: string; status: "pending" | "running"; owner: string | null; expires: string | null }[];
  return rows.map((r) => ({ id: r.id, status: r.status, owner: r.owner, expiresAt: r.expires === null ? null : Date.parse(r.expires) }));
}

/** Paused runs whose gate deadline (epoch ms in `pending_gate.expires_at`) is at or before `now`. */
export function listExpiredGates(conn: Database.Database, a: { now: number; limit: number }): string[] {
  return sql(conn).expiredGates.all(a.now, a.limit) as string[];
}

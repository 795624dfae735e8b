/**
 * The checkpoint snapshot's schema version (seed "state schema"): every stored checkpoint
 * carries the `state_schema_version` of the build that wrote it, and every load — resume,
 * takeover, time travel, the checkpoints API — passes through {@link hydrateCheckpoint},
 * which migrates an older snapshot forward one version at a time and refuses one from a
 * newer build, so old and new workers side by side in a rolling upgrade never corrupt a run:
 * the older one leaves such a run untouched for a newer one.
 *
 * A change to what a snapshot holds (its state's keys, the queue's items, the scheduler
 * meta) appends a migration here; the version this build writes follows from the list.
 */
import { EngineError } from "../errors";
import type { CheckpointRecord } from "../ports";

/** The parts of a checkpoint a migration may change (its run, seq and tag stay). */
export type Snapshot = Pick<CheckpointRecord, "state" | "completed" | "queue" | "meta">;

/** `migrations[i]` takes a snapshot of version `i + 1` to version `i + 2`. */
export type SnapshotMigrations = readonly ((snapshot: Snapshot) => Snapshot)[];

/**
 * This build's migrations. None yet: version 1 is the format every checkpoint stored so far
 * has (rows from before the version was stamped are version 1).
 */
export const SNAPSHOT_MIGRATIONS: SnapshotMigrations = [];

/** The version this build writes and reads up to. */
export const STATE_SCHEMA_VERSION = SNAPSHOT_MIGRATIONS.length + 1;

/**
 * A materialized checkpoint of `version` as this build reads it: itself when current,
 * migrated step by step when older. A newer one is refused with `snapshot_too_new`, naming
 * both versions; nothing is changed.
 */
export function hydrateCheckpoint(record: CheckpointRecord, version: number, migrations: SnapshotMigrations = SNAPSHOT_MIGRATIONS): CheckpointRecord {
  const current = migrations.length + 1;
  if (version === current) return record;
  if (!Number.isInteger(version) || version < 1) throw new Error(`checkpoint ${record.seq} of run ${record.run_id}: state schema version ${version} is not a version`);
  if (version > current) {
    throw new EngineError(
      "snapshot_too_new",
      `checkpoint ${record.seq} of run ${record.run_id} was written by a newer Switchyard (state schema version ${version}; this server reads up to ${current}): a server of that version or later continues it`,
    );
  }
  let snapshot: Snapshot = { state: record.state, completed: record.completed, queue: record.queue, meta: record.meta };
  for (let from = version; from < current; from++) snapshot = migrations[from - 1](snapshot);
  return { ...record, ...snapshot };
}

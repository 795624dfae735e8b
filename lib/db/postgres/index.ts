import "server-only";
/** The storage ports on PostgreSQL: the request side's stores, upkeep, and one run store per thread, on one pool. */
import type { RunHostStore, RunQueue, Storage } from "../ports";
import { earlierListeners } from "./earlier-listeners";
import { postgresNotices } from "./notices";
import { postgresPool } from "./pool";
import { postgresRunQueue } from "./run-queue";
import { PostgresRunStore } from "./run-store";
import { postgresStores, postgresUpkeep } from "./storage";

/**
 * `SWITCHYARD_PG_SYNCHRONOUS_COMMIT=off`: the run store's commits do not wait for the WAL
 * flush — what SQLite's WAL mode with `synchronous=NORMAL` (its default here) does. A process
 * crash loses nothing; a crash of the database server's machine may lose the last few hundred
 * milliseconds of commits (the runs resume from their checkpoints before them). Unset: the
 * server's own setting (by default, every commit waits for the flush).
 */
export function runStoreCommitMode(env: Record<string, string | undefined> = process.env): "on" | "off" | undefined {
  const value = env.SWITCHYARD_PG_SYNCHRONOUS_COMMIT?.trim().toLowerCase();
  if (value === undefined || value === "") return undefined;
  if (value === "on" || value === "off") return value;
  throw new Error(`SWITCHYARD_PG_SYNCHRONOUS_COMMIT must be "on" or "off" (got "${env.SWITCHYARD_PG_SYNCHRONOUS_COMMIT}")`);
}

export function postgresStorage(url: string): Storage {
  const pool = postgresPool(url);
  const synchronousCommit = runStoreCommitMode();
  let runStore: RunHostStore | undefined;
  let queue: RunQueue | undefined;
  const earlier = earlierListeners(pool);
  return {
    ...postgresStores(pool),
    upkeep: postgresUpkeep(pool),
    notices: postgresNotices(pool, url),
    runStore: () => (runStore ??= new PostgresRunStore(pool, { synchronousCommit, earlierListeners: earlier })),
    queue: () => (queue ??= postgresRunQueue(pool)),
  };
}

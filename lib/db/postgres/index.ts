import "server-only";
/** The storage ports on PostgreSQL: the request side's stores, upkeep, and one run store per thread, on one pool. */
import type { RunHostStore, Storage } from "../ports";
import { postgresNotices } from "./notices";
import { postgresPool } from "./pool";
import { PostgresRunStore } from "./run-store";
import { postgresStores, postgresUpkeep } from "./storage";

export function postgresStorage(url: string): Storage {
  const pool = postgresPool(url);
  let runStore: RunHostStore | undefined;
  return { ...postgresStores(pool), upkeep: postgresUpkeep(pool), notices: postgresNotices(pool, url), runStore: () => (runStore ??= new PostgresRunStore(pool)) };
}

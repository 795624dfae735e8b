/**
 * The storage ports: everything Switchyard stores, declared once. `lib/db/sqlite/` implements
 * them (and `lib/db/postgres/` will); code outside `lib/db` reaches the database only through
 * {@link Storage} (`storage()` in lib/db/index.ts) and never learns which backend is in use.
 */
import type { AuditStore } from "./audit";
import type { ApiKeyStore, LoginFailureStore, UserStore } from "./identity";
import type { RunHostStore, RunNotices, RunQueue, StorageUpkeep } from "./run-host";
import type { RunQueryStore, SpendStore } from "./runs";
import type { HookStore, SecretStore } from "./secrets";
import type { VersionStore, WorkflowStore } from "./workflows";

export type * from "./audit";
export type * from "./identity";
export type * from "./run-host";
export type * from "./runs";
export type * from "./secrets";
export type * from "./workflows";

/** The stores, as a transaction sees them: each call is part of it. */
export interface StorageTx {
  workflows: WorkflowStore;
  versions: VersionStore;
  audit: AuditStore;
  users: UserStore;
  apiKeys: ApiKeyStore;
  loginFailures: LoginFailureStore;
  secrets: SecretStore;
  hooks: HookStore;
  runs: RunQueryStore;
  spend: SpendStore;
}

/** What the database holds and how much room it takes, for the settings page. */
export interface DatabaseStats {
  /** `sqlite` or `postgres`. */
  backend: string;
  /** Where it is: the SQLite file, or the server and database name (never a password). */
  location: string;
  /** The data itself. */
  bytes: number;
  /** Room freed (e.g. by run retention) that new rows reuse before the database grows. */
  free_bytes: number;
  /** The write-ahead log beside it; 0 when there is none to show. */
  wal_bytes: number;
  /** Workflows not deleted (deleted ones stay with their versions and runs). */
  workflows: number;
  runs: number;
  audit_entries: number;
}

export interface Storage extends StorageTx {
  /**
   * Runs `fn` as one transaction: all of its writes or none. Read-then-write logic (the audit
   * chain head, `base_version` checks) is atomic and serialized with every other writer.
   * A nested call joins the outer transaction as a savepoint. Keep `fn` to storage calls:
   * it holds the write lock while it runs.
   */
  transaction<T>(fn: (tx: StorageTx) => Promise<T>): Promise<T>;
  stats(): Promise<DatabaseStats>;
  /** This thread's run store: the engine's, shared with the API's reads of runs (made on first use). */
  runStore(): RunHostStore;
  readonly upkeep: StorageUpkeep;
  /** Notices between processes sharing the database; null when only one process can use it (SQLite). */
  readonly notices: RunNotices | null;
  /** The run queue to worker processes (made on first use); null when one process does everything (SQLite). */
  queue(): RunQueue | null;
}

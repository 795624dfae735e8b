/** What the storage contract runs against: a backend's stores on a fresh database, and a way to seed it. */
import type { Storage } from "../ports";

/** The stores under test: everything but the run store; `upkeep` when the backend has it. */
export type ContractStorage = Omit<Storage, "runStore" | "upkeep" | "notices" | "queue"> & Partial<Pick<Storage, "upkeep">>;

/**
 * Plain SQL on the database under test, for rows no port writes (runs, steps, sessions) and
 * for looking at rows no port reads. Statements are written once for every backend: `?`
 * placeholders, timestamps bound as the text SQLite stores (`sqlTime`), which PostgreSQL
 * reads into its timestamptz columns.
 */
export interface ContractSql {
  run(sql: string, params?: readonly unknown[]): Promise<void>;
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface OpenedStorage {
  storage: ContractStorage;
  /**
   * A second Storage on the same database, as another server process would hold it: on its
   * own connections where the backend can serve two in one thread.
   */
  twin: ContractStorage;
  sql: ContractSql;
  close(): Promise<void>;
}

/** Opens the backend on a database as a fresh one is: migrated, no rows (one per test). */
export type OpenStorage = () => Promise<OpenedStorage>;

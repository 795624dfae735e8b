/**
 * Tests read and tamper with a server's stored rows through {@link dbOf}, whichever backend
 * the server runs on (SQLite or PostgreSQL, ./server.ts): the same SQL, the same values.
 *
 * - SQL is written for SQLite and PostgreSQL alike, with `?` placeholders (numbered `$n` for
 *   PostgreSQL here); booleans are compared with `true`/`false`, which both accept.
 * - Values read the same from both: booleans as `true`/`false` (SQLite's 0/1 in BOOLEAN
 *   columns), timestamps as the text SQLite stores (`…+00:00`, PostgreSQL's Dates formatted so),
 *   bigints as numbers, blobs as Buffers.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { pgTypes } from "../../../lib/db/postgres/types";
import { sqlTime } from "../../../lib/db/timestamps";
import { NEXT_RUN_NUM } from "../../../lib/db/run-statements";
import type { TestServer } from "./server";

export type Row = Record<string, unknown>;

export interface TestDb {
  readonly backend: "sqlite" | "postgres";
  all<R = Row>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  get<R = Row>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  /** The first column of the first row (undefined when there is none). */
  value<T = unknown>(sql: string, params?: readonly unknown[]): Promise<T>;
  /** Runs a write; how many rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** The names of the database's tables (Prisma's `_prisma_migrations` included), sorted. */
  tables(): Promise<string[]>;
  /** The SQL expression a raw `INSERT INTO runs` gives `num` (a new run's number), as the app numbers runs. */
  readonly nextRunNum: string;
  /** Every row of the tables the workflow API writes, to prove a refused request changed nothing. */
  snapshot(): Promise<Record<string, unknown[]>>;
  /** Every row of every table (but Prisma's own), to prove a refused request changed nothing at all. */
  snapshotAll(): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}

/** A connection of its own to the database `target` serves (a test server, or a DATABASE_URL); close it after use. */
export async function dbOf(target: TestServer | string): Promise<TestDb> {
  const url = typeof target === "string" ? target : target.databaseUrl;
  return /^postgres(ql)?:\/\//i.test(url) ? postgresDb(url) : sqliteDb(url.replace(/^file:/i, "").replace(/\?.*$/, ""));
}

/** Runs `read` on a connection of its own to the database, closed afterwards whatever happens. */
export async function withDb<T>(target: TestServer | string, read: (db: TestDb) => T | Promise<T>): Promise<T> {
  const db = await dbOf(target);
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** {@link TestDb.snapshot} of the server's database. */
export const snapshot = (target: TestServer | string) => withDb(target, (db) => db.snapshot());

/** {@link TestDb.snapshotAll} of the server's database. */
export const snapshotAll = (target: TestServer | string) => withDb(target, (db) => db.snapshotAll());

/** The parts both backends share, on their `all` and their tables' primary keys. */
function common(db: Omit<TestDb, "snapshot" | "snapshotAll">, primaryKey: (table: string) => Promise<string[]>): TestDb {
  const rowsOf = async (table: string) => {
    const key = await primaryKey(table);
    if (key.length === 0) throw new Error(`table ${table} has no primary key to order its rows by`);
    return db.all(`SELECT * FROM "${table}" ORDER BY ${key.map((c) => `"${c}"`).join(", ")}`);
  };
  return {
    ...db,
    async snapshot() {
      return { workflows: await rowsOf("workflows"), workflow_versions: await rowsOf("workflow_versions"), audit_entries: await rowsOf("audit_entries") };
    },
    async snapshotAll() {
      const tables = (await db.tables()).filter((t) => t !== "_prisma_migrations");
      const out: Record<string, unknown[]> = {};
      for (const t of tables) out[t] = await rowsOf(t);
      return out;
    },
  };
}

function sqliteDb(file: string): TestDb {
  const conn = new Database(file, { timeout: 15_000, fileMustExist: true });
  /** better-sqlite3 reads BOOLEAN columns as 0/1: as booleans, as PostgreSQL answers them. */
  const booleans = (stmt: Database.Statement) => stmt.columns().filter((c) => c.type?.toUpperCase() === "BOOLEAN").map((c) => c.name);
  const normalise = (row: Row, bools: string[]): Row => {
    for (const name of bools) if (typeof row[name] === "number") row[name] = row[name] !== 0;
    return row;
  };
  return common(
    {
      backend: "sqlite",
      nextRunNum: NEXT_RUN_NUM,
      async all<R>(sql: string, params: readonly unknown[] = []) {
        const stmt = conn.prepare(sql);
        const bools = booleans(stmt);
        return (stmt.all(...params) as Row[]).map((r) => normalise(r, bools)) as R[];
      },
      async get<R>(sql: string, params: readonly unknown[] = []) {
        const stmt = conn.prepare(sql);
        const row = stmt.get(...params) as Row | undefined;
        return (row && normalise(row, booleans(stmt))) as R | undefined;
      },
      async value<T>(sql: string, params: readonly unknown[] = []) {
        const stmt = conn.prepare(sql);
        const row = stmt.get(...params) as Row | undefined;
        return (row ? Object.values(normalise(row, booleans(stmt)))[0] : undefined) as T;
      },
      async run(sql: string, params: readonly unknown[] = []) {
        return conn.prepare(sql).run(...params).changes;
      },
      async tables() {
        return conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      },
      async close() {
        conn.close();
      },
    },
    async (table) => conn.prepare("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk").pluck().all(table) as string[],
  );
}

/** `?` placeholders numbered `$1, $2, …` (none inside quoted literals or names). */
export function numbered(sql: string): string {
  let n = 0;
  let out = "";
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === "?") {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

/** Dates (timestamptz) as the text SQLite stores. */
function normalisePg(row: Row): Row {
  for (const [k, v] of Object.entries(row)) if (v instanceof Date) row[k] = sqlTime(v.getTime());
  return row;
}

function postgresDb(url: string): TestDb {
  const pool = new pg.Pool({ connectionString: url, types: pgTypes, max: 4 });
  // The test database is dropped when its server stops, ending idle connections: not an error here.
  pool.on("error", () => {});
  const query = (sql: string, params: readonly unknown[]) => pool.query(numbered(sql), params as unknown[]);
  const all = async (sql: string, params: readonly unknown[] = []) => (await query(sql, params)).rows.map(normalisePg);
  return common(
    {
      backend: "postgres",
      nextRunNum: "nextval('runs_num_seq')",
      all: all as TestDb["all"],
      async get<R>(sql: string, params: readonly unknown[] = []) {
        return (await all(sql, params))[0] as R | undefined;
      },
      async value<T>(sql: string, params: readonly unknown[] = []) {
        const row = (await all(sql, params))[0];
        return (row ? Object.values(row)[0] : undefined) as T;
      },
      async run(sql: string, params: readonly unknown[] = []) {
        return (await query(sql, params)).rowCount ?? 0;
      },
      async tables() {
        return (await all("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")).map((r) => r.name as string);
      },
      async close() {
        await pool.end();
      },
    },
    async (table) =>
      (
        await all(
          `SELECT k.column_name AS name FROM information_schema.table_constraints c
             JOIN information_schema.key_column_usage k ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
            WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema() AND c.table_name = ? ORDER BY k.ordinal_position`,
          [table],
        )
      ).map((r) => r.name as string),
  );
}

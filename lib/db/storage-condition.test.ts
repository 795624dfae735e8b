import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./postgres/test-database";
import { storageCondition } from "./storage-condition";
import { createTestDatabase } from "./test-database";

/** What `fn` throws. */
async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

describe("storageCondition on SQLite", () => {
  it("reads a held write lock as busy, a read-only file as read_only, and a statement's own error as none", async () => {
    const tdb = createTestDatabase();
    const other = new Database(tdb.file, { timeout: 0 });
    const readOnly = new Database(tdb.file, { readonly: true });
    try {
      tdb.sqlite.exec("BEGIN IMMEDIATE");
      expect(storageCondition(await thrown(() => other.exec("BEGIN IMMEDIATE")))).toBe("busy");
      tdb.sqlite.exec("ROLLBACK");
      expect(storageCondition(await thrown(() => readOnly.exec("DELETE FROM secrets")))).toBe("read_only");
      expect(storageCondition(await thrown(() => tdb.sqlite.exec("INSERT INTO nothing VALUES (1)")))).toBeNull();
    } finally {
      other.close();
      readOnly.close();
      tdb.close();
    }
  });
});

describe("storageCondition on PostgreSQL", () => {
  let db: PostgresTestDatabase;
  beforeAll(async () => {
    db = await createPostgresTestDatabase();
  });
  afterAll(() => db?.close());

  /** Runs `fn` on a connection of its own and answers the condition of what it throws. */
  async function conditionOf(fn: (c: pg.PoolClient) => Promise<unknown>): Promise<ReturnType<typeof storageCondition>> {
    const c = await db.pool.connect();
    try {
      return storageCondition(await thrown(() => fn(c)));
    } finally {
      await c.query("ROLLBACK").catch(() => {});
      c.release();
    }
  }

  it("reads a lock wait past lock_timeout and a statement past statement_timeout as busy", async () => {
    const holder = await db.pool.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(1, 1)");
      expect(await conditionOf(async (c) => c.query("BEGIN; SET LOCAL lock_timeout = 50; SELECT pg_advisory_xact_lock(1, 1)"))).toBe("busy");
    } finally {
      await holder.query("SELECT pg_advisory_unlock(1, 1)");
      holder.release();
    }
    expect(await conditionOf(async (c) => c.query("BEGIN; SET LOCAL statement_timeout = 20; SELECT pg_sleep(2)"))).toBe("busy");
  });

  it("reads a serialization failure as busy", async () => {
    await db.pool.query("CREATE TABLE IF NOT EXISTS condition_t (n int)");
    const [a, b] = [await db.pool.connect(), await db.pool.connect()];
    try {
      for (const c of [a, b]) await c.query("BEGIN ISOLATION LEVEL SERIALIZABLE; SELECT count(*) FROM condition_t");
      await a.query("INSERT INTO condition_t VALUES (1)");
      await b.query("INSERT INTO condition_t VALUES (2)");
      await a.query("COMMIT");
      expect(storageCondition(await thrown(() => b.query("COMMIT")))).toBe("busy");
    } finally {
      for (const c of [a, b]) {
        await c.query("ROLLBACK").catch(() => {});
        c.release();
      }
    }
  });

  it("reads a write in a read-only transaction as read_only, and a statement's own errors as none", async () => {
    expect(await conditionOf(async (c) => c.query("BEGIN READ ONLY; DELETE FROM secrets"))).toBe("read_only");
    expect(await conditionOf(async (c) => c.query("INSERT INTO workflows (id, name, graph, updated_at) VALUES ('w', 'w', '{}', now()), ('w', 'w', '{}', now())"))).toBeNull();
    expect(await conditionOf(async (c) => c.query("SELEC 1"))).toBeNull();
    expect(await conditionOf(async (c) => c.query("BEGIN; SELECT 1/0"))).toBeNull();
    // After a failed statement: the transaction's state, not the storage.
    expect(await conditionOf(async (c) => c.query("BEGIN; SELECT 1/0").catch(() => c.query("SELECT 1")))).toBeNull();
  });

  it("maps the classes a test cannot provoke: a full disk, memory, connections, I/O", () => {
    const serverError = (code: string) => Object.assign(new pg.DatabaseError("condition", 0, "error"), { code, severity: "ERROR" });
    const cases: [string, string | null][] = [
      ["53100", "full"],
      ["53400", "full"],
      ["53200", "io"],
      ["53300", "busy"],
      ["40P01", "busy"],
      ["57P03", "busy"],
      ["08006", "io"],
      ["08P01", "io"],
      ["57P01", "io"],
      ["58030", "io"],
      ["XX001", "io"],
      ["XX000", null],
      ["23505", null],
    ];
    for (const [code, condition] of cases) expect(storageCondition(serverError(code)), code).toBe(condition);
    // A code of the same shape on an error that is no server's.
    expect(storageCondition(Object.assign(new Error("x"), { code: "08006" }))).toBeNull();
  });
});

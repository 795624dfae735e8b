import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { GroupCommit } from "./group-commit";
import { createTestDatabase, type TestDatabase } from "./test-database";

describe("GroupCommit", () => {
  let database: TestDatabase;
  let reader: Database.Database;
  beforeEach(() => {
    database = createTestDatabase();
    database.sqlite.exec("CREATE TABLE t (x INTEGER PRIMARY KEY)");
    reader = new Database(database.file, { readonly: true });
  });
  afterEach(() => {
    reader.close();
    database.close();
  });

  const committedRows = () => reader.prepare("SELECT COUNT(*) FROM t").pluck().get() as number;

  it("applies the writes of one turn in one transaction, in order, failing only the bad one", async () => {
    const seenByOthers: number[] = [];
    const hooks = { committed: 0, aborted: 0 };
    const group = new GroupCommit<number, number>(
      database.sqlite,
      (x) => {
        database.sqlite.prepare("INSERT INTO t (x) VALUES (?)").run(x);
        seenByOthers.push(committedRows());
        return x * 10;
      },
      { committed: () => hooks.committed++, aborted: () => hooks.aborted++ },
    );
    const results = await Promise.allSettled([1, 2, 2, 3].map((x) => group.submit(x)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "rejected"))).toEqual([10, 20, "rejected", 30]);
    expect(seenByOthers.every((n) => n === 0)).toBe(true);
    expect(committedRows()).toBe(3);
    expect(database.sqlite.prepare("SELECT x FROM t ORDER BY rowid").pluck().all()).toEqual([1, 2, 3]);
    // The all-or-nothing attempt failed at the duplicate and was rolled back (aborted), then
    // the batch was applied again write by write.
    expect(hooks).toEqual({ committed: 1, aborted: 1 });
    await group.submit(4);
    expect(seenByOthers.at(-1)).toBe(3);
    expect(hooks.committed).toBe(2);
  });

  it("applies a batch without failures once, each write exactly once", async () => {
    const applied: number[] = [];
    const hooks = { committed: 0, aborted: 0 };
    const group = new GroupCommit<number, number>(
      database.sqlite,
      (x) => {
        applied.push(x);
        database.sqlite.prepare("INSERT INTO t (x) VALUES (?)").run(x);
        return x;
      },
      { committed: () => hooks.committed++, aborted: () => hooks.aborted++ },
    );
    expect(await Promise.all([5, 6, 7].map((x) => group.submit(x)))).toEqual([5, 6, 7]);
    expect(applied).toEqual([5, 6, 7]);
    expect(hooks).toEqual({ committed: 1, aborted: 0 });
    expect(committedRows()).toBe(3);
  });

  it("rejects the whole batch and reports it when the transaction cannot run", async () => {
    const hooks = { committed: 0, aborted: 0 };
    const group = new GroupCommit<number, number>(database.sqlite, (x) => x, { committed: () => hooks.committed++, aborted: () => hooks.aborted++ });
    const blocker = new Database(database.file, { timeout: 0 });
    blocker.exec("BEGIN IMMEDIATE");
    database.sqlite.pragma("busy_timeout = 0");
    const results = await Promise.allSettled([group.submit(1), group.submit(2)]);
    blocker.exec("ROLLBACK");
    blocker.close();
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(hooks).toEqual({ committed: 0, aborted: 1 });
  });
});

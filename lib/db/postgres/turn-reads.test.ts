import { describe, expect, it } from "vitest";
import { postgresPool, prepared } from "./pool";
import { sessionOf } from "./session";
import { createPostgresTestDatabase } from "./test-database";
import { turnReadsOf } from "./turn-reads";

const BACKEND = prepared("SELECT pg_backend_pid() AS pid, $1::int AS n");

async function withPool(fn: (pool: ReturnType<typeof postgresPool>) => Promise<void>): Promise<void> {
  const db = await createPostgresTestDatabase();
  const pool = postgresPool(db.url, { SWITCHYARD_PG_POOL_MAX: "4" });
  try {
    await fn(pool);
  } finally {
    await pool.end();
    await db.close();
  }
}

describe("TurnReads", () => {
  it("sends one turn's statements on one connection, each caller answered its own, in order", async () => {
    await withPool(async (pool) => {
      const reads = turnReadsOf(pool);
      expect(turnReadsOf(pool)).toBe(reads);
      const answers = await Promise.all([1, 2, 3].map((n) => reads.read([{ ...BACKEND, values: [n] }, { ...BACKEND, values: [n * 10] }])));
      expect(answers.map((results) => results.map((r) => r.rows[0].n))).toEqual([[1, 10], [2, 20], [3, 30]]);
      const pids = new Set(answers.flat().map((r) => r.rows[0].pid));
      expect(pids.size).toBe(1);
      // A later turn is a round trip of its own (any free connection).
      expect((await reads.read([{ ...BACKEND, values: [4] }]))[0].rows[0].n).toBe(4);
    });
  });

  it("fails only the caller whose statement the server refused, and keeps the connection", async () => {
    await withPool(async (pool) => {
      const reads = turnReadsOf(pool);
      const [before, refused, after] = await Promise.allSettled([
        reads.read([{ ...BACKEND, values: [1] }]),
        reads.read([prepared("SELECT 1 / $1::int AS boom", [0])]),
        reads.read([{ ...BACKEND, values: [2] }]),
      ]);
      expect(before.status === "fulfilled" && before.value[0].rows[0].n).toBe(1);
      expect(refused.status === "rejected" && (refused.reason as { code?: string }).code).toBe("22012");
      expect(after.status === "fulfilled" && after.value[0].rows[0].n).toBe(2);
      expect(pool.totalCount).toBe(1);
      expect(pool.idleCount).toBe(1);
    });
  });

  it("backs the session's `together` statements outside a transaction; inside one they are the transaction's", async () => {
    await withPool(async (pool) => {
      const session = sessionOf(pool);
      await session.sql.run("CREATE TABLE t (n int)");
      const outside = await Promise.all([session.together.first<{ pid: number }>("SELECT pg_backend_pid() AS pid"), session.together.first<{ pid: number }>("SELECT pg_backend_pid() AS pid")]);
      expect(outside[0]?.pid).toBe(outside[1]?.pid);
      await session.transaction(async () => {
        await session.sql.run("INSERT INTO t VALUES (1)");
        // Uncommitted: only the transaction's own connection sees the row.
        expect(await session.together.first<{ c: number }>("SELECT count(*)::int AS c FROM t")).toEqual({ c: 1 });
        expect((await pool.query("SELECT count(*)::int AS c FROM t")).rows[0]).toEqual({ c: 0 });
      });
      expect(await session.together.first<{ c: number }>("SELECT count(*)::int AS c FROM t")).toEqual({ c: 1 });
    });
  });
});

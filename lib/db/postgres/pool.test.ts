import { describe, expect, it } from "vitest";
import { DEFAULT_POOL_MAX, poolMax, postgresPool, prepared } from "./pool";
import { createPostgresTestDatabase } from "./test-database";

describe("postgresPool", () => {
  it("names its connections, bounds lock waits, reads bigint as number and prepares named statements", async () => {
    const db = await createPostgresTestDatabase();
    const pool = postgresPool(db.url, { SWITCHYARD_PG_POOL_MAX: "3" });
    try {
      expect(pool.options.max).toBe(3);
      const q = prepared("SELECT current_setting('application_name') AS app, $1::bigint * 2 AS n", [2 ** 40]);
      expect(q.name).toMatch(/^sy_[0-9a-f]{24}$/);
      expect(prepared(q.text).name).toBe(q.name);
      expect((await pool.query(q)).rows).toEqual([{ app: "switchyard", n: 2 ** 41 }]);
      expect((await pool.query({ ...q, values: [3] })).rows[0].n).toBe(6);
      expect((await pool.query("SELECT current_setting('lock_timeout') AS t")).rows[0].t).toBe("15s");
    } finally {
      await pool.end();
      await db.close();
    }
  });

  it("takes its size from SWITCHYARD_PG_POOL_MAX, refusing what is no positive whole number", () => {
    expect(poolMax({})).toBe(DEFAULT_POOL_MAX);
    expect(poolMax({ SWITCHYARD_PG_POOL_MAX: " " })).toBe(DEFAULT_POOL_MAX);
    expect(poolMax({ SWITCHYARD_PG_POOL_MAX: "25" })).toBe(25);
    for (const bad of ["0", "-1", "2.5", "ten"]) expect(() => poolMax({ SWITCHYARD_PG_POOL_MAX: bad }), bad).toThrow(/SWITCHYARD_PG_POOL_MAX/);
  });
});

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedGraphSchema } from "@/engine/graph/schema";
import { sqlTime } from "../timestamps";
import { postgresStores } from "./storage";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";
import { pgTypes } from "./types";

/**
 * Timestamps are instants: what the stores answer does not depend on the time zone a
 * connection (or the server, or the database) is set to — here UTC+14 against UTC.
 */

let db: PostgresTestDatabase;
let faraway: pg.Pool;

beforeAll(async () => {
  db = await createPostgresTestDatabase();
  faraway = new pg.Pool({ connectionString: db.url, types: pgTypes, max: 2, options: "-c TimeZone=Pacific/Kiritimati" });
});
afterAll(async () => {
  await faraway?.end();
  await db?.close();
});

// Just before midnight UTC: the next day already in UTC+14.
const T = Date.UTC(2026, 11, 31, 23, 59, 59, 999);

describe("PostgreSQL stores and time zones", () => {
  it("answer the same instants, positions and spend hours in any time zone", async () => {
    const here = postgresStores(db.pool);
    const there = postgresStores(faraway);
    expect((await faraway.query<{ tz: string }>("SELECT current_setting('TimeZone') AS tz")).rows[0].tz).toBe("Pacific/Kiritimati");
    await there.workflows.insert({ id: "wf", name: "Flow", description: "", graph: storedGraphSchema.parse({ nodes: [], edges: [] }), at: new Date(T) });
    await db.pool.query(
      "INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, num, cost_micros) VALUES ('r1', 'wf', 1, 'completed', '{}', $1, 1, 7)",
      [sqlTime(T)],
    );
    for (const s of [here, there]) {
      expect((await s.workflows.find("wf"))?.created_at).toBe(new Date(T).toISOString());
      const [row] = await s.workflows.list({ limit: 1 });
      expect(row.position.updated_at).toBe(sqlTime(T));
      expect(await s.workflows.list({ limit: 1, after: row.position })).toEqual([]);
      expect((await s.runs.findWithWorkflow("r1"))?.run.created_at).toBe(T);
      expect((await s.spend.report({ since: null })).byDay).toEqual([{ day: "2026-12-31", cost_micros: 7 }]);
      expect((await s.spend.report({ since: Date.UTC(2026, 11, 31, 23) })).byWorkflow.map((w) => w.cost_micros)).toEqual([7]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunControl } from "../ports";
import { postgresNotices, RUN_NOTICES_CHANNEL } from "./notices";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";

let database: PostgresTestDatabase;
beforeAll(async () => {
  database = await createPostgresTestDatabase({ migrate: false });
});
afterAll(() => database?.close());

describe("run notices on PostgreSQL", () => {
  it("reaches a listener in another process's pool: one notice per run per turn, its highest seq, and control messages", async () => {
    const sender = postgresNotices(database.pool, database.url);
    const receiver = postgresNotices(database.pool, database.url);
    const heard: [string, number, boolean][] = [];
    const controls: RunControl[] = [];
    const stop = await receiver.listen({ events: (runId, seq, settled) => heard.push([runId, seq, settled]), control: (m) => controls.push(m) });
    try {
      sender.announce("r1", 3, false);
      sender.announce("r1", 5, false);
      sender.announce("r 2", 1, false);
      await sender.control({ op: "cancel", runId: "r1", by: "Ada" });
      await expect.poll(() => heard.length + controls.length, { timeout: 5_000 }).toBe(3);
      expect(heard.sort()).toEqual([["r 2", 1, false], ["r1", 5, false]]);
      expect(controls).toEqual([{ op: "cancel", runId: "r1", by: "Ada" }]);
    } finally {
      stop();
    }
    // Stopped: nothing more arrives.
    sender.announce("r1", 9, false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toHaveLength(2);
  });

  it("announces a settling commit as a plain notice (what an earlier release hears) and then as settled", async () => {
    const sender = postgresNotices(database.pool, database.url);
    const receiver = postgresNotices(database.pool, database.url);
    const heard: [string, number, boolean][] = [];
    const raw: string[] = [];
    const stop = await receiver.listen({ events: (runId, seq, settled) => heard.push([runId, seq, settled]), control: () => {} });
    const listener = await database.pool.connect();
    try {
      listener.on("notification", (n) => raw.push(n.payload ?? ""));
      await listener.query(`LISTEN ${RUN_NOTICES_CHANNEL}`);
      // Within one turn: a settled commit after a plain one settles the run's notice.
      sender.announce("r1", 4, false);
      sender.announce("r1", 6, true);
      sender.announce("r2", 2, false);
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(3);
      expect(heard).toEqual([["r1", 6, false], ["r1", 6, true], ["r2", 2, false]]);
      await expect.poll(() => raw.length, { timeout: 5_000 }).toBe(3);
      expect(raw).toEqual(["e 6 r1", "s 6 r1", "e 2 r2"]);
    } finally {
      await listener.query(`UNLISTEN ${RUN_NOTICES_CHANNEL}`);
      listener.release();
      stop();
    }
  });
});

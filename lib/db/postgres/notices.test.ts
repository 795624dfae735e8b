import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunControl } from "../ports";
import { postgresNotices } from "./notices";
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
    const heard: [string, number][] = [];
    const controls: RunControl[] = [];
    const stop = await receiver.listen({ events: (runId, seq) => heard.push([runId, seq]), control: (m) => controls.push(m) });
    try {
      sender.announce("r1", 3);
      sender.announce("r1", 5);
      sender.announce("r 2", 1);
      await sender.control({ op: "cancel", runId: "r1", by: "Ada" });
      await expect.poll(() => heard.length + controls.length, { timeout: 5_000 }).toBe(3);
      expect(heard.sort()).toEqual([["r 2", 1], ["r1", 5]]);
      expect(controls).toEqual([{ op: "cancel", runId: "r1", by: "Ada" }]);
    } finally {
      stop();
    }
    // Stopped: nothing more arrives.
    sender.announce("r1", 9);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toHaveLength(2);
  });
});

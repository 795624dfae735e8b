import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunControl } from "../ports";
import { EARLIER_LISTENER_NAME, postgresNotices, RUN_EVENTS_CHANNEL, RUN_NOTICES_CHANNEL } from "./notices";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";

let database: PostgresTestDatabase;
beforeAll(async () => {
  database = await createPostgresTestDatabase({ migrate: false });
});
afterAll(() => database?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare connection LISTENing on `channel` under `name`: what each payload looks like there. */
async function rawListener(channel: string, name = "test-raw") {
  const client = new pg.Client({ connectionString: database.url, application_name: name });
  await client.connect();
  const payloads: string[] = [];
  client.on("notification", (n) => payloads.push(n.payload ?? ""));
  await client.query(`LISTEN ${channel}`);
  return { payloads, end: () => client.end() };
}

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
    await pause(300);
    expect(heard).toHaveLength(2);
  });

  it("keeps events off the control channel: a listener of control messages alone (a worker) hears none", async () => {
    const sender = postgresNotices(database.pool, database.url);
    const worker = postgresNotices(database.pool, database.url);
    const controls: RunControl[] = [];
    const stop = await worker.listen({ control: (m) => controls.push(m) });
    const events = await rawListener(RUN_EVENTS_CHANNEL);
    const control = await rawListener(RUN_NOTICES_CHANNEL);
    try {
      sender.announce("r1", 4, false);
      sender.announce("r1", 6, true);
      sender.announce("r2", 2, false);
      await sender.control({ op: "work" });
      await expect.poll(() => controls.length, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => events.payloads.length, { timeout: 5_000 }).toBe(2);
      expect(events.payloads).toEqual(["s 6 r1", "e 2 r2"]);
      expect(control.payloads).toEqual([`c {"op":"work"}`]);
      expect(controls).toEqual([{ op: "work" }]);
    } finally {
      stop();
      await events.end();
      await control.end();
    }
  });

  it("also sends events on the control channel while a listener of the release before is connected", async () => {
    const earlier = await rawListener(RUN_NOTICES_CHANNEL, EARLIER_LISTENER_NAME);
    const sender = postgresNotices(database.pool, database.url, { earlierListenerCheckMs: 100 });
    const receiver = postgresNotices(database.pool, database.url);
    const heard: [string, number, boolean][] = [];
    const stop = await receiver.listen({ events: (runId, seq, settled) => heard.push([runId, seq, settled]), control: () => {} });
    try {
      sender.announce("r1", 6, true);
      await expect.poll(() => earlier.payloads, { timeout: 5_000 }).toEqual(["e 6 r1"]);
      // This release hears it on both channels; its followers take a seq once (lib/runtime/other-processes.ts).
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2);
      expect(heard.sort()).toEqual([["r1", 6, false], ["r1", 6, true]]);
      await pause(150);
      sender.announce("r2", 1, false);
      await expect.poll(() => earlier.payloads, { timeout: 5_000 }).toEqual(["e 6 r1", "e 1 r2"]);
    } finally {
      await earlier.end();
    }
    try {
      // Gone: once the next check sees no such listener, events go on the events channel alone.
      const control = await rawListener(RUN_NOTICES_CHANNEL);
      await pause(150);
      sender.announce("r3", 1, false);
      await pause(300);
      heard.length = 0;
      control.payloads.length = 0;
      sender.announce("r4", 2, false);
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual([["r4", 2, false]]);
      await pause(200);
      expect(control.payloads).toEqual([]);
      await control.end();
    } finally {
      stop();
    }
  });
});

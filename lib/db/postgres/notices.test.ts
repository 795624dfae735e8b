import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunControl } from "../ports";
import { earlierListeners, EARLIER_LISTENER_NAME } from "./earlier-listeners";
import { postgresNotices, RUN_EVENTS_CHANNEL, RUN_NOTICES_CHANNEL, type CommittedEvents } from "./notices";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";
import { testNotices } from "./test-notices";

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

/** Sends the events notice as the run store does (test-notices.ts); `rollBack`: its commit fails, and nothing is sent. */
async function commitWithNotice(runs: CommittedEvents[], { toEarlier = false, rollBack = false } = {}) {
  await testNotices(database.pool)({ runs, toEarlier, rollBack }).catch((err: unknown) => {
    if (!rollBack) throw err;
  });
}

describe("run notices on PostgreSQL", () => {
  it("reaches a listener in another process's pool: a commit's events notice, one per run, and control messages; not a rolled-back one", async () => {
    const sender = postgresNotices(database.pool, database.url);
    const receiver = postgresNotices(database.pool, database.url);
    const heard: [string, number, boolean][] = [];
    const controls: RunControl[] = [];
    const stop = await receiver.listen({ events: (runId, seq, settled) => heard.push([runId, seq, settled]), control: (m) => controls.push(m) });
    try {
      await commitWithNotice([{ runId: "gone", seq: 9, settled: true }], { rollBack: true });
      await commitWithNotice([{ runId: "r1", seq: 5, settled: false }, { runId: "r 2", seq: 1, settled: true }]);
      await sender.control({ op: "cancel", runId: "r1", by: "Ada" });
      await expect.poll(() => heard.length + controls.length, { timeout: 5_000 }).toBe(3);
      expect(heard).toEqual([["r1", 5, false], ["r 2", 1, true]]);
      expect(controls).toEqual([{ op: "cancel", runId: "r1", by: "Ada" }]);
    } finally {
      stop();
    }
    // Stopped: nothing more arrives.
    await commitWithNotice([{ runId: "r1", seq: 9, settled: false }]);
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
      await commitWithNotice([{ runId: "r1", seq: 6, settled: true }, { runId: "r2", seq: 2, settled: false }]);
      await sender.control({ op: "work" });
      await expect.poll(() => controls.length, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => events.payloads.length, { timeout: 5_000 }).toBe(2);
      expect(events.payloads).toEqual(["s 6 r1", "e 2 r2"]);
      // (Each connection hears it in its own time: the raw listener's may come after the worker's.)
      await expect.poll(() => control.payloads, { timeout: 5_000 }).toEqual([`c {"op":"work"}`]);
      expect(controls).toEqual([{ op: "work" }]);
    } finally {
      stop();
      await events.end();
      await control.end();
    }
  });

  it("sends events on the control channel too while a listener of the release before is connected, and its followers hear them", async () => {
    const receiver = postgresNotices(database.pool, database.url);
    const heard: [string, number, boolean][] = [];
    const stop = await receiver.listen({ events: (runId, seq, settled) => heard.push([runId, seq, settled]), control: () => {} });
    const earlier = await rawListener(RUN_NOTICES_CHANNEL, EARLIER_LISTENER_NAME);
    try {
      await commitWithNotice([{ runId: "r1", seq: 6, settled: true }], { toEarlier: true });
      await expect.poll(() => earlier.payloads, { timeout: 5_000 }).toEqual(["e 6 r1"]);
      // This release hears it on both channels; its followers take a seq once (lib/runtime/other-processes.ts).
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2);
      expect(heard.sort()).toEqual([["r1", 6, false], ["r1", 6, true]]);
    } finally {
      stop();
      await earlier.end();
    }
  });

  it("tells whether a listener of the release before is connected: yes until it knows, then as the last check found", async () => {
    const listeners = earlierListeners(database.pool, 100);
    expect(listeners.present()).toBe(true);
    await expect.poll(() => listeners.present(), { timeout: 5_000 }).toBe(false);
    const earlier = await rawListener(RUN_NOTICES_CHANNEL, EARLIER_LISTENER_NAME);
    try {
      await expect.poll(() => listeners.present(), { timeout: 5_000 }).toBe(true);
    } finally {
      await earlier.end();
    }
    await expect.poll(() => listeners.present(), { timeout: 5_000 }).toBe(false);
  });
});

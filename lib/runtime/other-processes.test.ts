import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunStatus, StoredEvent } from "@/engine/ports";
import { postgresNotices } from "@/lib/db/postgres/notices";
import { testNotices } from "@/lib/db/postgres/test-notices";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "@/lib/db/postgres/test-database";
import { LocalRunEventBus } from "./event-bus";
import { followOtherProcesses, SETTLED_TAIL } from "./other-processes";
import { settles, waitForRun } from "./wait-for-run";

let database: PostgresTestDatabase;
beforeAll(async () => {
  database = await createPostgresTestDatabase({ migrate: false });
});
afterAll(() => database?.close());

const status = (run_id: string, seq: number, s: RunStatus): StoredEvent => ({ run_id, seq, type: "run.status", data: { type: "run.status", run_id, status: s } as StoredEvent["data"], created_at: 0 });

/**
 * Two processes on one database: the driver commits a run's events to `table` and sends the
 * events notice the run store sends with a commit; the follower's bus reads `table` (counting
 * reads) when told.
 */
async function twoProcesses(onRead?: (bus: LocalRunEventBus) => void) {
  const table: StoredEvent[] = [];
  const reads: number[] = [];
  const bus = new LocalRunEventBus();
  const stop = await followOtherProcesses(bus, postgresNotices(database.pool, database.url), async (runId, after) => {
    reads.push(after);
    onRead?.(bus);
    return table.filter((e) => e.run_id === runId && e.seq > after);
  });
  const notify = testNotices(database.pool);
  let seq = 0;
  /** One commit of the run's events, one per status given. */
  const commit = (runId: string, ...statuses: RunStatus[]) => {
    const events = statuses.map((s) => status(runId, ++seq, s));
    table.push(...events);
    void notify({ runs: [{ runId, seq, settled: events.some(settles) }] });
  };
  return { bus, reads, commit, stop };
}

describe("following another process's runs", () => {
  it("reads a run a waiting caller follows once, when it settles, and a streamed run after every commit", async () => {
    const p = await twoProcesses();
    try {
      const waiter = waitForRun(p.bus, "waited", 5_000);
      for (let i = 0; i < 5; i++) {
        p.commit("waited", "running");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      p.commit("waited", "completed");
      expect(await waiter.promise).toBe("completed");
      expect(p.reads).toEqual([0]);

      p.reads.length = 0;
      const streamed: number[] = [];
      const off = p.bus.subscribe("streamed", (m) => m.kind === "events" && streamed.push(...m.events.map((e) => e.seq)));
      for (let i = 0; i < 3; i++) {
        p.commit("streamed", "running");
        await expect.poll(() => streamed.length, { timeout: 5_000 }).toBe(i + 1);
      }
      p.commit("streamed", "paused");
      await expect.poll(() => streamed.length, { timeout: 5_000 }).toBe(4);
      // One read per commit, the settling one's included.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(p.reads).toHaveLength(4);
      expect(streamed).toEqual([...streamed].sort((a, b) => a - b));
      off();
    } finally {
      (await p.stop)();
    }
  });

  it("reads every commit once a streaming subscriber joins a waiting one", async () => {
    const p = await twoProcesses();
    try {
      const waiter = waitForRun(p.bus, "r", 5_000);
      p.commit("r", "running");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(p.reads).toEqual([]);
      const got: number[] = [];
      const off = p.bus.subscribe("r", (m) => m.kind === "events" && got.push(...m.events.map((e) => e.seq)));
      p.commit("r", "running");
      await expect.poll(() => got.length, { timeout: 5_000 }).toBe(2);
      off();
      // The stream left: back to waiting for the settle alone.
      p.commit("r", "running");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(p.reads).toHaveLength(1);
      p.commit("r", "failed");
      expect(await waiter.promise).toBe("failed");
      expect(p.reads).toHaveLength(2);
    } finally {
      (await p.stop)();
    }
  });

  it("reads only the end of a long run a waiting caller follows, and all of it when the settling event lies further back", async () => {
    const p = await twoProcesses();
    try {
      const waiter = waitForRun(p.bus, "long", 5_000);
      p.commit("long", ...Array.from({ length: 40 }, () => "running" as const));
      p.commit("long", "running", "completed");
      expect(await waiter.promise).toBe("completed");
      expect(p.reads).toEqual([42 - SETTLED_TAIL]);

      p.reads.length = 0;
      const late = waitForRun(p.bus, "late", 5_000);
      // The settling event first, then more than the tail's worth of events in the same commit.
      p.commit("late", "failed", ...Array.from({ length: SETTLED_TAIL + 2 }, () => "running" as const));
      expect(await late.promise).toBe("failed");
      expect(p.reads).toEqual([53 - SETTLED_TAIL, 0]);
    } finally {
      (await p.stop)();
    }
  });

  it("gives a stream that joins while the tail is read every event, not only the tail", async () => {
    const got: number[] = [];
    let joined = false;
    const p = await twoProcesses((bus) => {
      if (joined) return;
      joined = true;
      bus.subscribe("r", (m) => m.kind === "events" && got.push(...m.events.map((e) => e.seq)));
    });
    try {
      const waiter = waitForRun(p.bus, "r", 5_000);
      p.commit("r", ...Array.from({ length: 20 }, () => "running" as const), "completed");
      expect(await waiter.promise).toBe("completed");
      await expect.poll(() => got.length, { timeout: 5_000 }).toBe(21);
      expect(got).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
      expect(p.reads).toEqual([21 - SETTLED_TAIL, 0]);
    } finally {
      (await p.stop)();
    }
  });

  it("does not hand a waiter that comes as another is answered the settle that answered it", async () => {
    const p = await twoProcesses();
    try {
      const first = waitForRun(p.bus, "r", 5_000);
      p.commit("r", "running", "running", "paused");
      expect(await first.promise).toBe("paused");
      const second = waitForRun(p.bus, "r", 5_000);
      let answer: RunStatus | null | undefined;
      void second.promise.then((s) => (answer = s));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answer).toBeUndefined();
      p.commit("r", "running", "completed");
      expect(await second.promise).toBe("completed");
    } finally {
      (await p.stop)();
    }
  });
});

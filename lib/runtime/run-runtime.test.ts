import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sqlTime } from "@/lib/db/timestamps";
import { NEXT_RUN_NUM } from "@/lib/db/run-statements";
import { SqliteRunStore } from "@/lib/db/run-store";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import type { Graph } from "@/engine/graph/schema";
import { LeaseKeeper } from "./lease-keeper";
import { noteTakeover } from "@/lib/db/run-takeovers";
import { MAX_TAKEOVERS } from "./recovery";
import { RunRuntime, type StallPolicy } from "./run-runtime";
import { waitForRun } from "./wait-for-run";

const TIMINGS = { ttlMs: 1_000, heartbeatMs: 200, sweepMs: 100 };

const graph: Graph = {
  nodes: [
    { id: "a", type: "tool", position: { x: 0, y: 0 }, config: { tool: "set", params: { x: 1 } } },
    { id: "b", type: "tool", position: { x: 0, y: 0 }, config: { tool: "set", params: { y: 2 } } },
  ],
  edges: [{ id: "e1", source: "a", target: "b" }],
} as Graph;

let database: TestDatabase;
const runtimes: RunRuntime[] = [];

function makeRuntime(owner: string, stalls?: StallPolicy): RunRuntime {
  const rt = new RunRuntime(new SqliteRunStore(database.sqlite), { owner, timings: TIMINGS, stalls });
  runtimes.push(rt);
  return rt;
}

function insertRun(id: string, status: string, lease: { owner: string | null; expiresAt: number | null }, input: Record<string, unknown> = {}) {
  const now = sqlTime(Date.now());
  database.sqlite.prepare("INSERT OR IGNORE INTO workflows (id, name, graph, version, created_at, updated_at) VALUES ('wf', 'wf', ?, 1, ?, ?)").run(JSON.stringify(graph), now, now);
  database.sqlite.prepare("INSERT OR IGNORE INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by) VALUES ('v1', 'wf', 1, ?, ?, 'test')").run(JSON.stringify(graph), now);
  database.sqlite
    .prepare(`INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, lease_owner, lease_expires_at, num) VALUES (?, 'wf', 1, ?, ?, ?, ?, ?, ${NEXT_RUN_NUM})`)
    .run(id, status, JSON.stringify(input), now, lease.owner, lease.expiresAt === null ? null : sqlTime(lease.expiresAt));
}

const row = (id: string) => database.sqlite.prepare("SELECT status, lease_owner, lease_expires_at FROM runs WHERE id = ?").get(id) as { status: string; lease_owner: string | null; lease_expires_at: string | null };

beforeEach(() => {
  database = createTestDatabase();
});
afterEach(async () => {
  for (const rt of runtimes.splice(0)) {
    rt.stopRecovery();
    await rt.engine.idle();
  }
  database.close();
});

describe("RunRuntime", () => {
  it("starts a triggered run under its lease and drops the lease when the run ends", async () => {
    const rt = makeRuntime("host:1:a");
    insertRun("r1", "pending", { owner: "host:1:a", expiresAt: Date.now() + 1000 });
    const waiter = waitForRun(rt.bus, "r1", 5000);
    // Events are published once their write has committed: the lease went with the last one.
    const atSettle: unknown[] = [];
    rt.bus.subscribe("r1", (m) => {
      if (m.kind === "events" && m.events.some((e) => e.data.type === "run.status" && e.data.status === "completed")) atSettle.push(row("r1"));
    });
    const handle = await rt.startTriggered("r1");
    expect(rt.leases.holds("r1")).toBe(true);
    expect(await waiter.promise).toBe("completed");
    expect(atSettle).toEqual([{ status: "completed", lease_owner: null, lease_expires_at: null }]);
    await handle?.done;
    await new Promise((r) => setImmediate(r));
    expect(row("r1")).toEqual({ status: "completed", lease_owner: null, lease_expires_at: null });
    expect(rt.leases.holds("r1")).toBe(false);
  });

  it("refuses to drive a run another live process holds, and one it is already busy with", async () => {
    const rt = makeRuntime("host:1:a");
    insertRun("r2", "running", { owner: "elsewhere:9:z", expiresAt: Date.now() + 60_000 });
    await expect(rt.drive("r2", () => rt.engine.resume("r2"))).rejects.toMatchObject({ name: "EngineError", code: "bad_state" });
    expect(row("r2").lease_owner).toBe("elsewhere:9:z");
    rt.leases.adopt("r2");
    await expect(rt.decide("r2", async () => null)).rejects.toMatchObject({ code: "bad_state" });
  });

  it("recovers running and pending runs whose lease expired, leaves live and parked ones alone", async () => {
    const rt = makeRuntime("host:1:a");
    insertRun("expired", "running", { owner: "elsewhere:9:z", expiresAt: Date.now() - 1 });
    insertRun("unleased", "pending", { owner: null, expiresAt: null });
    insertRun("live", "running", { owner: "elsewhere:9:z", expiresAt: Date.now() + 60_000 });
    insertRun("parked", "paused", { owner: null, expiresAt: null });
    await rt.sweep();
    await rt.engine.idle();
    expect(row("expired").status).toBe("completed");
    expect(row("unleased").status).toBe("completed");
    expect(row("live")).toMatchObject({ status: "running", lease_owner: "elsewhere:9:z" });
    expect(row("parked").status).toBe("paused");
  });

  it("leaves a run whose checkpoint a newer build wrote for a newer process: not resumed, not failed, its lease let go", async () => {
    const rt = makeRuntime("host:1:a");
    insertRun("newer", "running", { owner: "elsewhere:9:z", expiresAt: Date.now() - 1 });
    database.sqlite
      .prepare("INSERT INTO checkpoints (run_num, run_id, seq, step_name, encoding, base_seq, state, completed, queue, meta, state_schema_version, created_at) SELECT num, id, 1, 'run_start', 'full', 1, '{}', '[]', ?, ?, 99, ? FROM runs WHERE id = 'newer'")
      .run(JSON.stringify([{ node_id: "a", n: 1 }]), JSON.stringify({ marks: {}, node_executions: 0, elapsed_ms: 0 }), sqlTime(Date.now()));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await rt.sweep();
      await rt.sweep();
      await rt.engine.idle();
      await vi.waitFor(() => expect(row("newer")).toMatchObject({ status: "running", lease_owner: null }));
      expect(database.sqlite.prepare("SELECT COUNT(*) FROM steps").pluck().get()).toBe(0);
      expect(database.sqlite.prepare("SELECT COUNT(*) FROM checkpoints").pluck().get()).toBe(1);
      expect(errors.mock.calls.flat().join("\n")).toMatch(/recovering run newer failed: checkpoint 1 of run newer was written by a newer Switchyard \(state schema version 99/);
    } finally {
      errors.mockRestore();
    }
  });

  it("never lets two runtimes drive the same orphan", async () => {
    const a = makeRuntime("host:1:a");
    const b = makeRuntime("host:2:b");
    insertRun("contested", "running", { owner: "gone:1:x", expiresAt: Date.now() - 1 });
    const starts: string[] = [];
    for (const rt of [a, b]) rt.bus.subscribe("contested", (m) => m.kind === "events" && m.events.some((e) => e.data.type === "run.status" && e.data.status === "running") && starts.push(rt.owner));
    await Promise.all([a.sweep(), b.sweep()]);
    await Promise.all([a.engine.idle(), b.engine.idle()]);
    expect(starts).toHaveLength(1);
    expect(row("contested").status).toBe("completed");
  });

  it("fails a run taken over from dead processes too often in a row without progress; progress, or its own lease, starts no loop", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const takeovers = (id: string) => database.sqlite.prepare("SELECT takeovers, takeover_mark AS mark FROM runs WHERE id = ?").get(id);
      const rt = makeRuntime("host:1:a");
      // Taken over MAX_TAKEOVERS times already, never past its start: this takeover is one too many.
      insertRun("looping", "running", { owner: "gone:1:x", expiresAt: Date.now() - 1 });
      // One takeover short of the limit: resumed, and counted.
      insertRun("short", "running", { owner: "gone:1:x", expiresAt: Date.now() - 1 });
      // At the limit, but it settled a step since (its mark is not where it stands now): counts from 1.
      insertRun("moved", "running", { owner: "gone:1:x", expiresAt: Date.now() - 1 });
      // This process's own lease ran out (a stall, not a death): not a takeover.
      insertRun("mine", "running", { owner: "host:1:a", expiresAt: Date.now() - 1 });
      // Started here (not taken over): runs a and b.
      insertRun("fresh", "pending", { owner: null, expiresAt: null });
      const set = database.sqlite.prepare("UPDATE runs SET takeovers = ?, takeover_mark = ? WHERE id = ?");
      set.run(MAX_TAKEOVERS, 0, "looping");
      set.run(MAX_TAKEOVERS - 1, 0, "short");
      set.run(MAX_TAKEOVERS, 7, "moved");
      set.run(MAX_TAKEOVERS, 0, "mine");

      await rt.sweep();
      await rt.engine.idle();

      const failed = database.sqlite.prepare("SELECT status, error_message, lease_owner FROM runs WHERE id = 'looping'").get();
      expect(failed).toEqual({
        status: "failed",
        error_message: `the server stopped ${MAX_TAKEOVERS + 1} times in a row while running this run, each time before it settled another step; it is not resumed again — resume it by hand once the cause is fixed`,
        lease_owner: null,
      });
      // Cleared with the failure: a resume by hand gets every try again.
      expect(takeovers("looping")).toEqual({ takeovers: 0, mark: null });
      expect(database.sqlite.prepare("SELECT COUNT(*) FROM steps WHERE run_id = 'looping'").pluck().get()).toBe(0);
      expect(row("short").status).toBe("completed");
      expect(takeovers("short")).toEqual({ takeovers: MAX_TAKEOVERS, mark: 0 });
      expect(row("moved").status).toBe("completed");
      expect(takeovers("moved")).toEqual({ takeovers: 1, mark: 0 });
      expect(row("mine").status).toBe("completed");
      expect(takeovers("mine")).toEqual({ takeovers: MAX_TAKEOVERS, mark: 0 });

      expect(takeovers("fresh")).toEqual({ takeovers: 0, mark: null });

      // Progress is the run's last settled step, as the store wrote it: "fresh" settled a and b (seqs 1, 2).
      expect(noteTakeover(database.sqlite, "fresh")).toEqual({ takeovers: 1, in_flight: [] });
      expect(takeovers("fresh")).toEqual({ takeovers: 1, mark: 2 });
      expect(noteTakeover(database.sqlite, "fresh").takeovers).toBe(2);
      expect(noteTakeover(database.sqlite, "nope")).toEqual({ takeovers: 0, in_flight: [] });
    } finally {
      errors.mockRestore();
    }
  });

  it("names the nodes in flight when it fails a crash loop", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const rt = makeRuntime("host:1:a");
      insertRun("inflight", "pending", { owner: null, expiresAt: null });
      await rt.sweep();
      await rt.engine.idle();
      // As a process that died while b ran leaves it: b's step open, the run running.
      database.sqlite.prepare("UPDATE steps SET status = 'running', finished_at = NULL WHERE run_id = 'inflight' AND node_id = 'b'").run();
      const steps = database.sqlite.prepare("SELECT node_id, status FROM steps WHERE run_id = 'inflight' ORDER BY seq").all();
      expect(steps).toEqual([
        { node_id: "a", status: "completed" },
        { node_id: "b", status: "running" },
      ]);
      rt.stopRecovery();
      const other = makeRuntime("host:2:b");
      database.sqlite.prepare("UPDATE runs SET status = 'running', lease_owner = 'gone:1:x', lease_expires_at = ?, takeovers = ?, takeover_mark = 1 WHERE id = 'inflight'").run(sqlTime(Date.now() - 1), MAX_TAKEOVERS);
      await other.sweep();
      await other.engine.idle();
      expect(row("inflight").status).toBe("failed");
      expect(database.sqlite.prepare("SELECT error_message FROM runs WHERE id = 'inflight'").pluck().get()).toContain("before it settled another step (in flight: b)");
    } finally {
      errors.mockRestore();
    }
  });

  it("keeps a held lease alive with the heartbeat", async () => {
    const rt = makeRuntime("host:1:a");
    insertRun("held", "running", { owner: "host:1:a", expiresAt: Date.now() + 300 });
    rt.leases.adopt("held");
    rt.leases.startHeartbeat();
    await new Promise((r) => setTimeout(r, 700));
    expect(Date.parse(row("held").lease_expires_at as string)).toBeGreaterThan(Date.now() + 500);
  });
});

describe("LeaseKeeper with deferred releases", () => {
  it("a decision that settles the run leaves the lease to its write; one that does nothing releases it", async () => {
    const rt = makeRuntime("host:1:a");
    insertRun("p1", "paused", { owner: null, expiresAt: null });
    insertRun("p2", "paused", { owner: null, expiresAt: null });
    const deferred: unknown[] = [];
    const release = rt.store.leases.release.bind(rt.store.leases);
    rt.store.leases.release = (a) => (deferred.push(a), release(a));

    const cancelled = await rt.decide("p1", () => rt.engine.cancel("p1", "u1"));
    expect(cancelled?.status).toBe("failed");
    expect(row("p1")).toEqual({ status: "failed", lease_owner: null, lease_expires_at: null });
    expect(rt.leases.holds("p1")).toBe(false);
    expect(deferred).toHaveLength(0);

    expect(await rt.decide("p2", async () => null)).toBeNull();
    expect(deferred).toHaveLength(1);
    await new Promise((r) => setImmediate(r));
    expect(row("p2")).toEqual({ status: "paused", lease_owner: null, lease_expires_at: null });
    expect(rt.leases.holds("p2")).toBe(false);
  });

  it("a release written later never drops a lease claimed again meanwhile", async () => {
    // The store's releases wait for its next group commit (the next turn of the event loop).
    const keeper = new LeaseKeeper(new SqliteRunStore(database.sqlite).leases, "host:1:a", TIMINGS);
    const committed = () => new Promise((resolve) => setImmediate(resolve));
    insertRun("r1", "paused", { owner: null, expiresAt: null });
    const first = (await keeper.claim("r1"))!;
    keeper.release("r1", first);
    const second = await keeper.claim("r1"); // e.g. an approval right after the segment ended
    expect(second).not.toBeNull();
    await committed();
    expect(row("r1").lease_owner).toBe("host:1:a");

    keeper.release("r1", second!);
    await committed();
    expect(row("r1")).toMatchObject({ lease_owner: null, lease_expires_at: null });
  });

  it("a claim is held from the call on: a second claim made before the database answers is refused", async () => {
    const keeper = new LeaseKeeper(new SqliteRunStore(database.sqlite).leases, "host:1:a", TIMINGS);
    insertRun("r1", "paused", { owner: null, expiresAt: null });
    const [first, second] = await Promise.all([keeper.claim("r1"), keeper.claim("r1")]);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });
});

describe("gate deadlines", () => {
  it("fails a parked run whose gate expired, and only that one", async () => {
    const rt = makeRuntime("host:1:a");
    insertRun("late", "paused", { owner: null, expiresAt: null });
    insertRun("waiting", "paused", { owner: null, expiresAt: null });
    const gate = (expires: number) => JSON.stringify({ node_id: "a", prompt: "ok?", expires_at: expires });
    database.sqlite.prepare("UPDATE runs SET pending_gate = ? WHERE id = 'late'").run(gate(Date.now() - 10));
    database.sqlite.prepare("UPDATE runs SET pending_gate = ? WHERE id = 'waiting'").run(gate(Date.now() + 60_000));
    await rt.sweep();
    expect(row("late").status).toBe("failed");
    const late = database.sqlite.prepare("SELECT error_message FROM runs WHERE id = 'late'").pluck().get() as string;
    expect(late).toMatch(/gate timeout/);
    expect(row("waiting").status).toBe("paused");
  });
});

describe("runs that keep stopping with an error", () => {
  it("rest longer after each stop before recovery resumes them, and fail after too many, naming the error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // Node b's step row is refused every time: its write fails, and with it the run's final write.
      database.sqlite.exec("CREATE TEMP TRIGGER refuse_b BEFORE INSERT ON main.steps WHEN NEW.node_id = 'b' BEGIN SELECT RAISE(ABORT, 'step b refused'); END;");
      const rt = makeRuntime("host:1:a", { base_ms: 150, max_ms: 1_000, limit: 3 });
      insertRun("stuck", "pending", { owner: null, expiresAt: null });
      const started = Date.now();
      rt.startRecovery();
      await expect.poll(() => row("stuck").status, { timeout: 5_000, interval: 25 }).toBe("failed");
      const elapsed = Date.now() - started;
      const stops = errors.mock.calls.filter(([message]) => String(message).startsWith("run stuck stopped with an error: step b refused"));
      // Started once and resumed twice (after rests of 150 and 300 ms), then failed: without the
      // rests the 100 ms sweep would have resumed it a dozen times in that span.
      expect(stops).toHaveLength(3);
      expect(elapsed).toBeGreaterThanOrEqual(450);
      const failed = database.sqlite.prepare("SELECT error_message, lease_owner FROM runs WHERE id = 'stuck'").get();
      expect(failed).toEqual({ error_message: "the engine stopped on this run 3 times in a row, the last time with: step b refused", lease_owner: null });
      // Node a's checkpoint stood: resuming never ran it again.
      const steps = database.sqlite.prepare("SELECT node_id, status FROM steps WHERE run_id = 'stuck'").all();
      expect(steps).toEqual([{ node_id: "a", status: "completed" }]);
    } finally {
      errors.mockRestore();
    }
  });

  it("never fails a run stopped by a full disk: it rests, and resumes once there is room", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const rt = makeRuntime("host:1:a", { base_ms: 50, max_ms: 100, limit: 2 });
      // Node a outputs 20 KB: its write needs pages that a database held at its size cannot add.
      const big = { ...graph, nodes: graph.nodes.map((n) => (n.id === "a" ? { ...n, config: { tool: "set", params: { x: "x".repeat(20_000) } } } : n)) };
      insertRun("full", "pending", { owner: null, expiresAt: null });
      database.sqlite.prepare("UPDATE workflow_versions SET graph = ? WHERE id = 'v1'").run(JSON.stringify(big));
      database.sqlite.pragma(`max_page_count = ${database.sqlite.pragma("page_count", { simple: true }) as number}`);
      rt.startRecovery();
      const stops = () => errors.mock.calls.filter(([message]) => String(message).startsWith("run full stopped with an error: database or disk is full")).length;
      await expect.poll(stops, { timeout: 5_000, interval: 25 }).toBeGreaterThanOrEqual(4);
      expect(row("full").status).toBe("running");
      database.sqlite.pragma("max_page_count = 1000000");
      await expect.poll(() => row("full").status, { timeout: 5_000, interval: 25 }).toBe("completed");
    } finally {
      errors.mockRestore();
    }
  });
});

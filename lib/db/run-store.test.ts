import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/generated/prisma/client";
import { runStoreContract } from "@/engine/store/contract";
import { checkpoint, newRun, statusEvent, step } from "@/engine/store/contract-fixtures";
import type { StepRecord } from "@/engine/ports";
import { SqliteRunStore } from "./run-store";
import { leaseTo } from "./contract/lease-to";
import { runHostReadsContract } from "./contract/run-host-contract";
import { createTestDatabase, insertTestWorkflow, type TestDatabase } from "./test-database";

runStoreContract("SqliteRunStore", async () => {
  const database = createTestDatabase();
  const store = new SqliteRunStore(database.sqlite);
  return {
    store,
    leaseTo: (runId, holder) => leaseTo(store, runId, holder),
    prepareWorkflow: async (workflowId) => insertTestWorkflow(database.sqlite, workflowId),
    close: async () => database.close(),
  };
});

/** A store on a fresh database with workflow `wf` (or `workflowId`); the database is closed afterwards. */
async function withStore(
  test: (store: SqliteRunStore, sqlite: Database.Database) => Promise<void>,
  { workflowId = "wf", options }: { workflowId?: string; options?: ConstructorParameters<typeof SqliteRunStore>[1] } = {},
): Promise<void> {
  const database = createTestDatabase();
  try {
    insertTestWorkflow(database.sqlite, workflowId);
    await test(new SqliteRunStore(database.sqlite, options), database.sqlite);
  } finally {
    database.close();
  }
}

describe("SqliteRunStore", () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  beforeAll(() => {
    database = createTestDatabase();
    prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${database.file}` }) });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    database.close();
  });

  it("writes rows Prisma reads back, timestamps included", async () => {
    const store = new SqliteRunStore(database.sqlite, { now: () => 1_764_547_205_678 });
    insertTestWorkflow(database.sqlite, "wf-prisma");
    await store.createRun(newRun("r-prisma", "wf-prisma"));
    const done = step("r-prisma", 1, { status: "completed", output: "reply", cost_micros: 2500, finished_at: 1_764_547_209_001, duration_ms: 7 });
    await store.commit({
      run_id: "r-prisma",
      steps: [done],
      checkpoint: checkpoint("r-prisma", 1, { a: 1 }, null),
      run: { status: "running", started_at: 1_764_547_200_999, cost_micros: 2500 },
      events: [statusEvent("r-prisma", "running")],
    });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: "r-prisma" }, include: { steps: true, checkpoints: true, events: true } });
    expect(run.createdAt.getTime()).toBe(1_764_547_200_123);
    expect(run.startedAt?.getTime()).toBe(1_764_547_200_999);
    expect(run.finishedAt).toBeNull();
    expect(run.costMicros).toBe(2500);
    expect(JSON.parse(run.input)).toEqual(newRun("r-prisma", "wf-prisma").input);
    expect(run.steps[0].startedAt?.getTime()).toBe(done.started_at);
    expect(run.steps[0].finishedAt?.getTime()).toBe(1_764_547_209_001);
    expect(run.steps[0].inputCheckpoint).toBe(0);
    expect(run.checkpoints[0]).toMatchObject({ seq: 1, encoding: "full", baseSeq: 1, stepName: "node:node1" });
    expect(run.checkpoints[0].createdAt.getTime()).toBe(1_764_547_201_001);
    expect(run.events[0].createdAt.getTime()).toBe(1_764_547_205_678);
    const version = await prisma.workflowVersion.findUniqueOrThrow({ where: { workflowId_version: { workflowId: "wf-prisma", version: 1 } } });
    expect(version.createdAt.getTime()).toBe(1_764_547_200_123);
    const later = await prisma.run.findMany({ where: { createdAt: { gte: new Date(1_764_547_200_000) } } });
    expect(later.map((r) => r.id)).toContain("r-prisma");
  });

  it("reads runs Prisma wrote, and keeps a workflow version that already exists", async () => {
    insertTestWorkflow(database.sqlite, "wf-prisma-2");
    await prisma.workflowVersion.create({ data: { id: "v1", workflowId: "wf-prisma-2", version: 1, graph: '{"nodes":[],"edges":[]}', createdBy: "alice" } });
    await prisma.run.create({ data: { id: "r-by-prisma", workflowId: "wf-prisma-2", workflowVersion: 1, status: "paused", input: "{}", startedAt: new Date(1_764_547_300_000) } });
    const store = new SqliteRunStore(database.sqlite);
    expect(await store.getRun("r-by-prisma")).toMatchObject({ status: "paused", started_at: 1_764_547_300_000, options: {}, output: null });
    await store.createRun(newRun("r-2", "wf-prisma-2"));
    expect((await store.loadRun("r-2"))?.graph).toEqual({ nodes: [], edges: [] });
  });

  it("continues event seqs and encodes a full checkpoint after a restart", async () => {
    insertTestWorkflow(database.sqlite, "wf-restart");
    const first = new SqliteRunStore(database.sqlite);
    await first.createRun(newRun("r-restart", "wf-restart"));
    await first.commit({ run_id: "r-restart", events: [statusEvent("r-restart", "running")], checkpoint: checkpoint("r-restart", 1, { a: 1, pad: "p".repeat(500) }, null) });
    await first.commit({ run_id: "r-restart", checkpoint: checkpoint("r-restart", 2, { a: 2, pad: "p".repeat(500) }, ["a"]) });
    const second = new SqliteRunStore(database.sqlite);
    const [event] = await second.commit({ run_id: "r-restart", events: [statusEvent("r-restart", "running")], checkpoint: checkpoint("r-restart", 3, { a: 3, pad: "p".repeat(500) }, ["a"]) });
    expect(event.seq).toBe(2);
    const encodings = database.sqlite.prepare("SELECT encoding FROM checkpoints WHERE run_id = ? ORDER BY seq").pluck().all("r-restart");
    expect(encodings).toEqual(["full", "delta", "full"]);
    expect((await second.loadRun("r-restart"))?.checkpoint?.state).toEqual({ a: 3, pad: "p".repeat(500) });
  });

  it("recovers from a stale head: the write is applied again on the head reloaded from the database", async () => {
    insertTestWorkflow(database.sqlite, "wf-stale");
    const store = new SqliteRunStore(database.sqlite);
    await store.createRun(newRun("r-stale", "wf-stale"));
    await store.commit({ run_id: "r-stale", events: [statusEvent("r-stale", "running")] });
    const otherWriter = new SqliteRunStore(database.sqlite);
    await otherWriter.commit({ run_id: "r-stale", events: [statusEvent("r-stale", "running", 2)] });
    const [retried] = await store.commit({ run_id: "r-stale", events: [statusEvent("r-stale", "running", 3)] });
    expect(retried.seq).toBe(3);
    const [event] = await store.commit({ run_id: "r-stale", events: [statusEvent("r-stale", "running", 4)] });
    expect(event.seq).toBe(4);
    expect((await store.listEvents("r-stale", 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });
});

describe("SqliteRunStore.listCheckpointStates", () => {
  it("gives each checkpoint's state as listCheckpoints does, full snapshots and deltas alike", async () => {
    await withStore(async (store, sqlite) => {
      await store.createRun(newRun("r1", "wf"));
      const state: Record<string, unknown> = { input: { q: 1 }, pad: "p".repeat(500) };
      for (let seq = 1; seq <= 10; seq++) {
        state[`k${seq % 3}`] = seq;
        if (seq === 6) delete state.input;
        await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", seq, state, seq === 1 ? null : [`k${seq % 3}`, "input"]) });
      }
      const full = await store.listCheckpoints("r1");
      const states = await store.listCheckpointStates("r1");
      expect([...states.keys()]).toEqual(full.map((c) => c.seq));
      for (const c of full) expect(states.get(c.seq)).toEqual(c.state);
      expect(states.get(10)).toEqual({ pad: "p".repeat(500), k0: 9, k1: 10, k2: 8 });
      const encodings = sqlite.prepare("SELECT encoding FROM checkpoints ORDER BY seq").pluck().all();
      expect(encodings).toContain("delta");
      expect(encodings.filter((e) => e === "full").length).toBeGreaterThan(1);
    }, { options: { codec: { full_every: 4 } } });
  });
});

describe("SqliteRunStore memory", () => {
  it("keeps a head only for runs in flight; a parked run picks up again from the database", async () => {
    await withStore(async (store, sqlite) => {
      for (const id of ["done", "failed", "parked", "busy"]) {
        await store.createRun(newRun(id, "wf"));
        await store.commit({ run_id: id, run: { status: "running" }, events: [statusEvent(id, "running")], checkpoint: checkpoint(id, 1, { n: 1, pad: "p".repeat(300) }, null) });
        await store.commit({ run_id: id, checkpoint: checkpoint(id, 2, { n: 2, pad: "p".repeat(300) }, ["n"]) });
      }
      expect(store.cachedRuns).toBe(4);
      await store.commit({ run_id: "done", run: { status: "completed" }, events: [statusEvent("done", "completed")] });
      await store.commit({ run_id: "failed", run: { status: "failed" }, events: [statusEvent("failed", "failed")] });
      await store.commit({ run_id: "parked", run: { status: "paused" }, events: [statusEvent("parked", "paused")] });
      expect(store.cachedRuns).toBe(1);

      // Approved later: its events and checkpoints continue where they were.
      const [event] = await store.commit({
        run_id: "parked",
        run: { status: "running" },
        events: [statusEvent("parked", "running")],
        checkpoint: checkpoint("parked", 3, { n: 3, pad: "p".repeat(300) }, ["n"]),
      });
      expect(event.seq).toBe(3);
      expect(store.cachedRuns).toBe(2);
      const states = await store.listCheckpointStates("parked");
      expect(states.get(3)).toEqual({ n: 3, pad: "p".repeat(300) });
      const encodings = sqlite.prepare("SELECT encoding FROM checkpoints WHERE run_id = 'parked' ORDER BY seq").pluck().all();
      expect(encodings).toEqual(["full", "delta", "full"]);
    });
  });
});

describe("SqliteRunStore run rows", () => {
  it("keeps each run's rows to itself, whatever seq bounds a reader asks for", async () => {
    await withStore(async (store, sqlite) => {
      for (const id of ["k1", "k2", "k3"]) {
        await store.createRun(newRun(id, "wf-keys"));
        await store.commit({ run_id: id, steps: [step(id, 1)], checkpoint: checkpoint(id, 1, { run: id }, null), events: [statusEvent(id, "running"), statusEvent(id, "completed")] });
      }
      for (const after of [-5, -1e12, 0]) expect((await store.listEvents("k2", after)).map((e) => [e.run_id, e.seq])).toEqual([["k2", 1], ["k2", 2]]);
      expect(await store.listEvents("k2", 2 ** 40)).toEqual([]);
      expect((await store.listSteps("k2")).map((s) => s.run_id)).toEqual(["k2"]);
      expect((await store.listCheckpoints("k3")).map((c) => c.state)).toEqual([{ run: "k3" }]);
      expect(await store.listEvents("unknown", 0)).toEqual([]);
      // Each run's last seqs are its own, though later runs' rows follow its rows.
      await store.commit({ run_id: "k3", steps: [step("k3", 2), step("k3", 3)], checkpoint: checkpoint("k3", 2, { run: "k3" }, ["run"]), events: [statusEvent("k3", "running")] });
      const last = async (id: string) => {
        const loaded = await store.loadRun(id);
        return [loaded?.last_step_seq, loaded?.last_event_seq, loaded?.checkpoint?.seq];
      };
      expect(await last("k2")).toEqual([1, 2, 1]);
      expect(await last("k3")).toEqual([3, 3, 2]);
      const fresh = new SqliteRunStore(sqlite);
      await fresh.commit({ run_id: "k2", events: [statusEvent("k2", "failed")] });
      expect((await fresh.listEvents("k2", 2)).map((e) => e.seq)).toEqual([3]);

      // A second step at a taken seq is refused, not written over the first.
      await expect(store.commit({ run_id: "k1", steps: [step("k1", 1, { id: "other" })] })).rejects.toThrow("already has another step at seq 1");
      expect((await store.listSteps("k1")).map((s) => s.id)).toEqual(["k1-s1"]);
      await store.commit({ run_id: "k1", steps: [step("k1", 1, { status: "completed", node_id: "renamed" })] });
      expect((await store.listSteps("k1")).map((s) => [s.id, s.status, s.node_id])).toEqual([["k1-s1", "completed", "renamed"]]);
    }, { workflowId: "wf-keys" });
  });
});

describe("SqliteRunStore.batched", () => {
  it("runs a caller's write in the engine's group-commit transaction; a throw undoes only that write", async () => {
    await withStore(async (store, sqlite) => {
      await store.createRun(newRun("r1", "wf"));
      const seen: boolean[] = [];
      const results = await Promise.allSettled([
        store.commit({ run_id: "r1", run: { status: "running" } }),
        store.batched(() => {
          seen.push(sqlite.inTransaction);
          insertTestWorkflow(sqlite, "wf-batched");
          return "ok";
        }),
        store.batched(() => {
          insertTestWorkflow(sqlite, "wf-undone");
          throw new Error("refused");
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
      expect((results[1] as PromiseFulfilledResult<string>).value).toBe("ok");
      expect(((results[2] as PromiseRejectedResult).reason as Error).message).toBe("refused");
      // Run twice: once in the batch attempt the refusal rolled back, once in the retry.
      expect(seen).toEqual([true, true]);
      const ids = sqlite.prepare("SELECT id FROM workflows ORDER BY id").pluck().all();
      expect(ids).toEqual(["wf", "wf-batched"]);
      expect((await store.getRun("r1"))?.status).toBe("running");
    });
  });
});

describe("SqliteRunStore writes of one run in one batch", () => {
  it("refuses a run's later writes once an earlier one of the batch failed; other runs' writes stand", async () => {
    await withStore(async (store, sqlite) => {
      await store.createRun(newRun("r1", "wf"));
      await store.createRun(newRun("r2", "wf"));
      await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", 1, { a: 1 }, null), run: { status: "running" } });
      sqlite.exec("CREATE TEMP TRIGGER refuse_b BEFORE INSERT ON main.steps WHEN NEW.node_id = 'b' BEGIN SELECT RAISE(ABORT, 'step b refused'); END;");
      // A node's write, then the run's final write: submitted together, as the driver does.
      const results = await Promise.allSettled([
        store.commit({ run_id: "r1", steps: [step("r1", 1, { status: "completed", node_id: "b" })], checkpoint: checkpoint("r1", 2, { a: 1, b: 2 }, ["b"]) }),
        store.commit({ run_id: "r2", run: { status: "running" } }),
        store.commit({ run_id: "r1", run: { status: "completed" }, events: [statusEvent("r1", "completed")] }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "rejected"]);
      expect(((results[0] as PromiseRejectedResult).reason as Error).message).toBe("step b refused");
      expect(((results[2] as PromiseRejectedResult).reason as Error).message).toMatch(/an earlier write of run r1 in the same commit failed/);
      expect((await store.getRun("r1"))?.status).toBe("running");
      expect((await store.getRun("r2"))?.status).toBe("running");
      expect(await store.listSteps("r1")).toEqual([]);
      expect((await store.listEvents("r1", 0)).map((e) => e.type)).toEqual([]);
      // The run's next write starts afresh: a full checkpoint after the last one that stood.
      await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", 2, { a: 1, c: 3 }, ["c"]), run: { status: "completed" } });
      expect((await store.loadRun("r1"))?.checkpoint?.state).toEqual({ a: 1, c: 3 });
    });
  });
});

describe("SqliteRunStore step rows in one batch", () => {
  /** Counts row writes to `steps` with temporary triggers on this connection. */
  function countStepWrites(sqlite: Database.Database): () => number {
    sqlite.exec(`CREATE TEMP TABLE step_writes (n INTEGER);
      CREATE TEMP TRIGGER count_step_inserts AFTER INSERT ON main.steps BEGIN INSERT INTO step_writes VALUES (1); END;
      CREATE TEMP TRIGGER count_step_updates AFTER UPDATE ON main.steps BEGIN INSERT INTO step_writes VALUES (1); END;`);
    return () => sqlite.prepare("SELECT COUNT(*) FROM step_writes").pluck().get() as number;
  }

  /** A store with run r1 created. */
  const withRun = (test: (store: SqliteRunStore, sqlite: Database.Database) => Promise<void>) =>
    withStore(async (store, sqlite) => {
      await store.createRun(newRun("r1", "wf"));
      await test(store, sqlite);
    });

  const running = step("r1", 1, { status: "running", started_at: 1_764_547_200_000, finished_at: null, duration_ms: null });
  const done = step("r1", 1, { status: "completed", output: "reply", started_at: 1_764_547_200_000, finished_at: 1_764_547_200_005, duration_ms: 5 });
  const startWrite = { run_id: "r1", steps: [running], events: [{ type: "step.started" as const, run_id: "r1", step: running }] };
  const finishWrite = { run_id: "r1", steps: [done], events: [{ type: "step.finished" as const, run_id: "r1", step: done }] };

  it("writes a step started and settled in the same turn once, with both events", async () => {
    await withRun(async (store, sqlite) => {
      const writes = countStepWrites(sqlite);
      const [started, finished] = await Promise.all([store.commit(startWrite), store.commit(finishWrite)]);
      expect(writes()).toBe(1);
      expect(await store.listSteps("r1")).toEqual([done]);
      expect([...started, ...finished].map((e) => [e.seq, e.type])).toEqual([[1, "step.started"], [2, "step.finished"]]);
      const replayed = await store.listEvents("r1", 0);
      expect(replayed.map((e) => (e.data as { step: StepRecord }).step.status)).toEqual(["running", "completed"]);
    });
  });

  it("writes each version when the writes land in different turns, or a caller's write sits between them", async () => {
    await withRun(async (store, sqlite) => {
      const writes = countStepWrites(sqlite);
      await store.commit(startWrite);
      await store.commit(finishWrite);
      expect(writes()).toBe(2);
      const seen: string[] = [];
      const again = step("r1", 2, { status: "running", finished_at: null, duration_ms: null });
      await Promise.all([
        store.commit({ run_id: "r1", steps: [again] }),
        store.batched(() => seen.push(sqlite.prepare("SELECT status FROM steps WHERE id = ?").pluck().get(again.id) as string)),
        store.commit({ run_id: "r1", steps: [{ ...again, status: "completed" }] }),
      ]);
      expect(seen).toEqual(["running"]);
      expect(writes()).toBe(4);
      expect((await store.listSteps("r1")).map((s) => s.status)).toEqual(["completed", "completed"]);
    });
  });

  it("keeps the started row when the write that settles it fails", async () => {
    await withRun(async (store) => {
      const failing = { ...finishWrite, checkpoint: checkpoint("another-run", 1, { a: 1 }, null) };
      const [started, finished] = await Promise.allSettled([store.commit(startWrite), store.commit(failing)]);
      expect(started.status).toBe("fulfilled");
      expect(finished.status).toBe("rejected");
      expect(await store.listSteps("r1")).toEqual([running]);
      expect((await store.listEvents("r1", 0)).map((e) => e.type)).toEqual(["step.started"]);
    });
  });
});

describe("SqliteRunStore leases", () => {
  it("drops the run's lease in the write that settles it, and only then", async () => {
    await withStore(async (store, sqlite) => {
      const lease = () => sqlite.prepare("SELECT status, lease_owner AS owner, lease_expires_at AS expires FROM runs WHERE id = ?").get("r");
      await store.createRun(newRun("r", "wf"));
      sqlite.prepare("UPDATE runs SET lease_owner = 'me', lease_expires_at = '2099-01-01 00:00:00.000' WHERE id = 'r'").run();
      await store.commit({ run_id: "r", run: { status: "running", cost_micros: 5 }, events: [statusEvent("r", "running")] });
      await store.commit({ run_id: "r", run: { cost_micros: 7 } });
      expect(lease()).toEqual({ status: "running", owner: "me", expires: "2099-01-01 00:00:00.000" });
      for (const status of ["paused", "failed", "completed"] as const) {
        sqlite.prepare("UPDATE runs SET lease_owner = 'me', lease_expires_at = '2099-01-01 00:00:00.000' WHERE id = 'r'").run();
        await store.commit({ run_id: "r", run: { status, cost_micros: 9 }, events: [statusEvent("r", status)] });
        expect(lease()).toEqual({ status, owner: null, expires: null });
      }
    });
  });
});

describe("SqliteRunStore graph cache", () => {
  it("parses a workflow version's graph once for all runs of that version", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("a", "wf"));
      await store.createRun(newRun("b", "wf"));
      await store.createRun(newRun("c", "wf", { workflow_version: 2, graph: { nodes: [], edges: [] } }));
      const [a, b, c] = await Promise.all(["a", "b", "c"].map((id) => store.loadRun(id)));
      expect(a!.graph).toBe(b!.graph);
      expect(a!.graph.nodes.map((n) => n.id)).toEqual(["ask", "check"]);
      expect(c!.graph).toEqual({ nodes: [], edges: [] });
    });
  });
});

describe("SqliteRunStore: the run host's reads", () => runHostReadsContract((test) => withStore(test)));

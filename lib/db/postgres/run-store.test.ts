import { createHash } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StepRecord } from "@/engine/ports";
import { runStoreContract } from "@/engine/store/contract";
import { checkpoint, newRun, statusEvent, step } from "@/engine/store/contract-fixtures";
import { STATE_SCHEMA_VERSION } from "@/engine/store/snapshot-schema";
import { agent, gate, graph, harness, person } from "@/engine/testing/harness";
import { auditHash, auditHashOfText, GENESIS_HASH } from "../audit-hash";
import type { AuditInput, NewRunRow } from "../ports";
import { auditBody } from "./run-batch";
import { verifyAuditChain } from "@/lib/services/audit-chain";
import { postgresStores } from "./storage";
import { RUN_EVENTS_CHANNEL, RUN_NOTICES_CHANNEL } from "./notices";
import { PostgresRunStore, type PostgresRunStoreOptions } from "./run-store";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";
import { leaseTo } from "../contract/lease-to";
import { runHostReadsContract } from "../contract/run-host-contract";

/**
 * A fresh database. Its pool ends its clients without waiting for them, so one may still be
 * closing when the database is dropped and hear the server end it: not this test's failure.
 */
async function freshDatabase(): Promise<PostgresTestDatabase> {
  const database = await createPostgresTestDatabase();
  database.pool.on("error", () => {});
  return database;
}

/** A minimal workflow row (empty graph, at version `version`), as the API would have created it. */
async function insertWorkflow(pool: pg.Pool, id: string, version = 1): Promise<void> {
  await pool.query("INSERT INTO workflows (id, name, graph, version, updated_at) VALUES ($1, $1, '{\"nodes\":[],\"edges\":[]}', $2, now()) ON CONFLICT DO NOTHING", [id, version]);
}

runStoreContract("PostgresRunStore", async () => {
  const database = await freshDatabase();
  const store = new PostgresRunStore(database.pool);
  return {
    store,
    leaseTo: (runId, holder) => leaseTo(store, runId, holder),
    prepareWorkflow: (workflowId) => insertWorkflow(database.pool, workflowId),
    close: () => database.close(),
  };
});

/** A store on a fresh database with workflow `wf`; the database is dropped afterwards. */
async function withStore(test: (store: PostgresRunStore, pool: pg.Pool, database: PostgresTestDatabase) => Promise<void>, options?: PostgresRunStoreOptions): Promise<void> {
  const database = await freshDatabase();
  try {
    await insertWorkflow(database.pool, "wf");
    await test(new PostgresRunStore(database.pool, options), database.pool, database);
  } finally {
    await database.close();
  }
}

const column = async <T>(pool: pg.Pool, sql: string, values: unknown[] = []): Promise<T[]> => (await pool.query(sql, values)).rows.map((r) => Object.values(r)[0] as T);

/** The id of the transaction that wrote each row (rows of one transaction share it). */
const writers = (pool: pg.Pool, table: string, order = "row_key") => column<string>(pool, `SELECT xmin::text FROM ${table} ORDER BY ${order}`);

const triggered = (id: string, overrides: Partial<NewRunRow> = {}): NewRunRow => ({
  id, workflowId: "wf", workflowVersion: 1, input: { q: id }, options: {}, createdBy: { type: "user", id: "u-ada", name: "Ada" },
  createdAt: 1_764_547_200_123, leaseOwner: "host:1:a", leaseExpiresAt: 1_764_547_208_123, ...overrides,
});
const triggerAudit = (id: string): AuditInput => ({ action: "run.trigger", actor: { type: "user", id: "u-ada", name: "Ada" }, targetType: "run", targetId: id, details: { workflow_id: "wf" } });

describe("PostgresRunStore", () => {
  it("stores timestamps to the millisecond and reads them back as written", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      const done = step("r1", 1, { status: "completed", finished_at: 1_764_547_209_001, duration_ms: 7 });
      await store.commit({ run_id: "r1", steps: [done], run: { status: "running", started_at: 1_764_547_200_999 }, checkpoint: checkpoint("r1", 1, { a: 1 }, null) });
      const [row] = (await pool.query("SELECT created_at, started_at FROM runs WHERE id = 'r1'")).rows;
      expect([row.created_at.getTime(), row.started_at.getTime()]).toEqual([1_764_547_200_123, 1_764_547_200_999]);
      expect(await column(pool, "SELECT finished_at FROM steps")).toEqual([new Date(1_764_547_209_001)]);
      expect(await store.listSteps("r1")).toEqual([done]);
      expect((await store.listCheckpointHeads("r1"))[0]).toEqual({ seq: 1, step_name: "node:node1", created_at: 1_764_547_201_001 });
    });
  });

  it("continues event seqs and encodes a full checkpoint after a restart, and recovers from a stale head", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      await store.commit({ run_id: "r1", events: [statusEvent("r1", "running")], checkpoint: checkpoint("r1", 1, { a: 1, pad: "p".repeat(500) }, null) });
      await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", 2, { a: 2, pad: "p".repeat(500) }, ["a"]) });
      const second = new PostgresRunStore(pool);
      const [event] = await second.commit({ run_id: "r1", events: [statusEvent("r1", "running")], checkpoint: checkpoint("r1", 3, { a: 3, pad: "p".repeat(500) }, ["a"]) });
      expect(event.seq).toBe(2);
      expect(await column(pool, "SELECT encoding FROM checkpoints ORDER BY seq")).toEqual(["full", "delta", "full"]);
      // The first store's head says 1: its write fails on the taken seq, and is applied again on the head read back.
      const [retried] = await store.commit({ run_id: "r1", events: [statusEvent("r1", "running", 3)] });
      expect(retried.seq).toBe(3);
      expect((await store.listEvents("r1", 0)).map((e) => e.seq)).toEqual([1, 2, 3]);
      expect((await store.loadRun("r1"))?.checkpoint?.state).toEqual({ a: 3, pad: "p".repeat(500) });
    });
  });

  it("takes a loaded run's head for its first commit, reading none, and several loads of one turn share a connection", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      await store.createRun(newRun("r2", "wf"));
      await store.commit({ run_id: "r1", events: [statusEvent("r1", "running"), statusEvent("r1", "running")], checkpoint: checkpoint("r1", 1, { a: 1 }, null) });
      const driver = new PostgresRunStore(pool);
      const sent = vi.spyOn(pg.Client.prototype, "query");
      const names = () => sent.mock.calls.map(([config]) => (typeof config === "string" ? config : ((config as pg.QueryConfig).name ?? (config as pg.QueryConfig).text)));
      try {
        const [one, two] = await Promise.all([driver.loadRun("r1"), driver.loadRun("r2")]);
        expect([one?.last_event_seq, two?.last_event_seq]).toEqual([2, 0]);
        // (Then each reads the version's graph, which the pool caches from then on.)
        expect(names().slice(0, 6)).toEqual(["loaded", "open_steps", "latest_chain", "loaded", "open_steps", "latest_chain"].map((n) => `switchyard_run_${n}`));
        expect(new Set(sent.mock.contexts.slice(0, 6)).size).toBe(1);
        const [event] = await driver.commit({ run_id: "r1", events: [statusEvent("r1", "running")] });
        expect(event.seq).toBe(3);
        expect(names().filter((name) => name.includes("heads"))).toEqual([]);
      } finally {
        sent.mockRestore();
      }
      // Taken by that commit: a write after the run was forgotten reads its head again.
      await driver.commit({ run_id: "r1", run: { status: "completed" }, events: [statusEvent("r1", "completed")] });
      const [late] = await driver.commit({ run_id: "r1", events: [statusEvent("r1", "running")] });
      expect(late.seq).toBe(5);
    });
  });

  it("keeps each run's rows to itself, whatever seq bounds a reader asks for, and refuses a second step at a taken seq", async () => {
    await withStore(async (store) => {
      for (const id of ["k1", "k2"]) {
        await store.createRun(newRun(id, "wf"));
        await store.commit({ run_id: id, steps: [step(id, 1)], checkpoint: checkpoint(id, 1, { run: id }, null), events: [statusEvent(id, "running"), statusEvent(id, "completed")] });
      }
      for (const after of [-5, -1e12, 0, 0.5]) expect((await store.listEvents("k2", after)).map((e) => [e.run_id, e.seq])).toEqual([["k2", 1], ["k2", 2]]);
      expect(await store.listEvents("k2", 2 ** 40)).toEqual([]);
      expect(await store.getCheckpoint("k2", 2 ** 40)).toBeNull();
      await expect(store.commit({ run_id: "k1", steps: [step("k1", 1, { id: "other" })] })).rejects.toThrow("run k1 already has another step at seq 1");
      expect((await store.listSteps("k1")).map((s) => s.id)).toEqual(["k1-s1"]);
      await store.commit({ run_id: "k1", steps: [step("k1", 1, { status: "completed", node_id: "renamed" })] });
      expect((await store.listSteps("k1")).map((s) => [s.id, s.status, s.node_id])).toEqual([["k1-s1", "completed", "renamed"]]);
    });
  });

  it("keeps a head only for runs in flight; a parked run picks up again from the database", async () => {
    await withStore(async (store, pool) => {
      for (const id of ["done", "parked", "busy"]) {
        await store.createRun(newRun(id, "wf"));
        await store.commit({ run_id: id, run: { status: "running" }, events: [statusEvent(id, "running")], checkpoint: checkpoint(id, 1, { n: 1, pad: "p".repeat(300) }, null) });
        await store.commit({ run_id: id, checkpoint: checkpoint(id, 2, { n: 2, pad: "p".repeat(300) }, ["n"]) });
      }
      expect(store.cachedRuns).toBe(3);
      await store.commit({ run_id: "done", run: { status: "completed" }, events: [statusEvent("done", "completed")] });
      await store.commit({ run_id: "parked", run: { status: "paused" }, events: [statusEvent("parked", "paused")] });
      expect(store.cachedRuns).toBe(1);
      const [event] = await store.commit({ run_id: "parked", run: { status: "running" }, events: [statusEvent("parked", "running")], checkpoint: checkpoint("parked", 3, { n: 3, pad: "p".repeat(300) }, ["n"]) });
      expect(event.seq).toBe(3);
      expect((await store.listCheckpointStates("parked")).get(3)).toEqual({ n: 3, pad: "p".repeat(300) });
      expect(await column(pool, "SELECT encoding FROM checkpoints WHERE run_id = 'parked' ORDER BY seq")).toEqual(["full", "delta", "full"]);
    });
  });

  it("gives each checkpoint's state as listCheckpoints does, full snapshots and deltas alike", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      const state: Record<string, unknown> = { input: { q: 1 }, pad: "p".repeat(500) };
      for (let seq = 1; seq <= 10; seq++) {
        state[`k${seq % 3}`] = seq;
        if (seq === 6) delete state.input;
        await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", seq, state, seq === 1 ? null : [`k${seq % 3}`, "input"]) });
      }
      const full = await store.listCheckpoints("r1");
      const states = await store.listCheckpointStates("r1");
      for (const c of full) expect(states.get(c.seq)).toEqual(c.state);
      expect(states.get(10)).toEqual({ pad: "p".repeat(500), k0: 9, k1: 10, k2: 8 });
      const encodings = await column<string>(pool, "SELECT encoding FROM checkpoints ORDER BY seq");
      expect(encodings.filter((e) => e === "full").length).toBeGreaterThan(1);
      expect(encodings).toContain("delta");
      const sizes = await store.checkpointSizes("r1");
      expect(sizes[0]).toMatchObject({ seq: 1, encoding: "full", base_seq: 1, state_bytes: JSON.stringify({ input: { q: 1 }, pad: "p".repeat(500), k1: 1 }).length });
    }, { codec: { full_every: 4 } });
  });

  it("drops the run's lease in the write that settles it, and only then", async () => {
    await withStore(async (store, pool) => {
      const lease = async () => (await pool.query("SELECT status, lease_owner AS owner FROM runs WHERE id = 'r'")).rows[0];
      await store.createRun(newRun("r", "wf"));
      const hold = () => pool.query("UPDATE runs SET lease_owner = 'me', lease_expires_at = '2099-01-01Z' WHERE id = 'r'");
      await hold();
      await store.commit({ run_id: "r", run: { status: "running", cost_micros: 5 }, events: [statusEvent("r", "running")] });
      expect(await lease()).toEqual({ status: "running", owner: "me" });
      for (const status of ["paused", "failed", "completed"] as const) {
        await hold();
        await store.commit({ run_id: "r", run: { status, cost_micros: 9 }, events: [statusEvent("r", status)] });
        expect(await lease()).toEqual({ status, owner: null });
      }
    });
  });

  it("parses a workflow version's graph once for all runs of that version", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("a", "wf"));
      await store.createRun(newRun("b", "wf"));
      await store.createRun(newRun("c", "wf", { workflow_version: 2, graph: { nodes: [], edges: [] } }));
      const [a, b, c] = await Promise.all(["a", "b", "c"].map((id) => store.loadRun(id)));
      expect(a!.graph).toBe(b!.graph);
      expect(c!.graph).toEqual({ nodes: [], edges: [] });
    });
  });

  it("answers with its own transactions when the server flushes lazily (synchronousCommit: off)", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      const [event] = await store.commit({ run_id: "r1", run: { status: "running" }, events: [statusEvent("r1", "running")] });
      expect(event.seq).toBe(1);
    }, { synchronousCommit: "off" });
  });
});

describe("PostgresRunStore group commit", () => {
  it("writes every commit of one turn in one transaction, and the next turn's in another", async () => {
    await withStore(async (store, pool) => {
      for (const id of ["a", "b", "c"]) await store.createRun(newRun(id, "wf"));
      const turn = (n: number) => ["a", "b", "c"].map((id) => store.commit({ run_id: id, steps: [step(id, n)], checkpoint: checkpoint(id, n, { n }, null), run: { cost_micros: n }, events: [statusEvent(id, "running", n)] }));
      await Promise.all(turn(1));
      await Promise.all(turn(2));
      const byTable = await Promise.all(["steps", "checkpoints", "run_events"].map((t) => writers(pool, t)));
      for (const xids of byTable) expect(xids.slice(0, 3).every((x) => x === byTable[0][0]) && xids.slice(3).every((x) => x === byTable[0][3])).toBe(true);
      expect(byTable[0][0]).not.toBe(byTable[0][3]);
      expect(new Set(await writers(pool, "runs", "num")).size).toBe(1);
      expect(await column(pool, "SELECT cost_micros FROM runs ORDER BY id")).toEqual([2, 2, 2]);
    });
  });

  it("applies a resume before the writes after it in the same turn, as the spend rollup's unfold trigger needs", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      await store.commit({ run_id: "r1", steps: [step("r1", 1, { status: "completed", cost_micros: 100 })], run: { status: "failed" } });
      // As the spend folder leaves a settled run; resuming it subtracts what was folded: its steps as they stood.
      await pool.query("UPDATE runs SET spend_folded = 1");
      await Promise.all([
        store.commit({ run_id: "r1", run: { status: "running" }, events: [statusEvent("r1", "running")] }),
        store.commit({ run_id: "r1", steps: [step("r1", 2, { status: "completed", cost_micros: 50 })], events: [statusEvent("r1", "running")] }),
      ]);
      expect((await pool.query("SELECT cost_micros, steps FROM spend_rollup WHERE dim = 'm'")).rows).toEqual([{ cost_micros: -100, steps: -1 }]);
      expect((await store.listEvents("r1", 0)).map((e) => e.seq)).toEqual([1, 2]);
    });
  });

  it("refuses a run's later writes once an earlier one of the batch failed; other runs' writes stand", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      await store.createRun(newRun("r2", "wf"));
      await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", 1, { a: 1 }, null), run: { status: "running" } });
      await pool.query(`CREATE FUNCTION refuse_b() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.node_id = 'b' THEN RAISE EXCEPTION 'step b refused'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER refuse_b BEFORE INSERT ON steps FOR EACH ROW EXECUTE FUNCTION refuse_b()`);
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
      // The run's next write starts afresh: a full checkpoint after the last one that stood.
      await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", 2, { a: 1, c: 3 }, ["c"]), run: { status: "completed" } });
      expect((await store.loadRun("r1"))?.checkpoint?.state).toEqual({ a: 1, c: 3 });
      expect(await column(pool, "SELECT encoding FROM checkpoints ORDER BY seq")).toEqual(["full", "full"]);
    });
  });

  it("writes a step started and settled in the same turn once, with both events; in separate turns, each version", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      await pool.query(`CREATE TABLE step_writes (n integer);
        CREATE FUNCTION count_step() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO step_writes VALUES (1); RETURN NULL; END $$;
        CREATE TRIGGER count_step AFTER INSERT OR UPDATE ON steps FOR EACH ROW EXECUTE FUNCTION count_step()`);
      const writes = async () => (await column<number>(pool, "SELECT count(*)::int FROM step_writes"))[0];
      const running = (seq: number) => step("r1", seq, { status: "running" });
      const done = (seq: number) => step("r1", seq, { status: "completed", output: "reply", finished_at: 1_764_547_200_505, duration_ms: 5 });
      const start = (seq: number) => ({ run_id: "r1", steps: [running(seq)], events: [{ type: "step.started" as const, run_id: "r1", step: running(seq) }] });
      const finish = (seq: number) => ({ run_id: "r1", steps: [done(seq)], events: [{ type: "step.finished" as const, run_id: "r1", step: done(seq) }] });
      const [started, finished] = await Promise.all([store.commit(start(1)), store.commit(finish(1))]);
      expect(await writes()).toBe(1);
      expect([...started, ...finished].map((e) => [e.seq, e.type])).toEqual([[1, "step.started"], [2, "step.finished"]]);
      expect((await store.listEvents("r1", 0)).map((e) => (e.data as { step: StepRecord }).step.status)).toEqual(["running", "completed"]);
      await store.commit(start(2));
      await store.commit(finish(2));
      expect(await writes()).toBe(3);
      expect(await store.listSteps("r1")).toEqual([done(1), done(2)]);
    });
  });

  it("tells the other processes of a commit's events right after its COMMIT: per run the last seq and whether it settled; nothing of a write that failed", async () => {
    const listen = async (url: string, channel: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const payloads: string[] = [];
      client.on("notification", (n) => payloads.push(n.payload ?? ""));
      await client.query(`LISTEN ${channel}`);
      return { payloads, end: () => client.end() };
    };
    let earlier = false;
    await withStore(
      async (store, pool, database) => {
        const events = await listen(database.url, RUN_EVENTS_CHANNEL);
        const control = await listen(database.url, RUN_NOTICES_CHANNEL);
        try {
          for (const id of ["r1", "r2", "r3"]) await store.createRun(newRun(id, "wf"));
          const sent = vi.spyOn(pg.Client.prototype, "query");
          try {
            await Promise.all([
              store.commit({ run_id: "r1", events: [statusEvent("r1", "running")] }),
              store.commit({ run_id: "r2", run: { status: "completed" }, events: [statusEvent("r2", "running"), statusEvent("r2", "completed")] }),
              store.commit({ run_id: "r1", events: [statusEvent("r1", "running"), statusEvent("r1", "running")] }),
              store.commit({ run_id: "r3", run: { cost_micros: 1 } }),
            ]);
            // Outside the batch's transaction (a NOTIFY in it would hold PostgreSQL's notify lock through its WAL flush), in its round trip.
            const texts = sent.mock.calls.map(([config]) => (typeof config === "string" ? config : ((config as pg.QueryConfig).name ?? (config as pg.QueryConfig).text)));
            expect(texts.slice(-2)).toEqual(["COMMIT", "switchyard_notify_events"]);
            expect(new Set(sent.mock.contexts).size).toBe(1);
          } finally {
            sent.mockRestore();
          }
          await expect.poll(() => events.payloads, { timeout: 5_000 }).toEqual(["e 3 r1", "s 2 r2"]);
          // A write the database refuses is rolled back with its notice; the batch's others are told of.
          await pool.query(`CREATE FUNCTION refuse_r3() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.run_id = 'r3' THEN RAISE EXCEPTION 'r3 refused'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse_r3 BEFORE INSERT ON run_events FOR EACH ROW EXECUTE FUNCTION refuse_r3()`);
          earlier = true;
          const results = await Promise.allSettled([store.commit({ run_id: "r3", events: [statusEvent("r3", "running")] }), store.commit({ run_id: "r1", events: [statusEvent("r1", "failed")] })]);
          expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
          // With a listener of the release before about, on its channel too (without the settled mark it does not read).
          await expect.poll(() => events.payloads.slice(2), { timeout: 5_000 }).toEqual(["s 4 r1"]);
          await expect.poll(() => control.payloads, { timeout: 5_000 }).toEqual(["e 4 r1"]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          expect(events.payloads).toHaveLength(3);
        } finally {
          await events.end();
          await control.end();
        }
      },
      { earlierListeners: { present: () => earlier } },
    );
  });

  it("keeps the started row when the write that settles it in the same turn fails, before or in the database", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", 1, { a: 1 }, null) });
      const running = (seq: number) => step("r1", seq);
      const done = (seq: number) => step("r1", seq, { status: "completed" });
      // Refused before anything is sent (the checkpoint names another run); then by the database (seq 1 is taken).
      for (const [seq, cp] of [[1, checkpoint("other", 2, { a: 2 }, ["a"])], [2, checkpoint("r1", 1, { a: 2 }, ["a"])]] as const) {
        const [started, finished] = await Promise.allSettled([
          store.commit({ run_id: "r1", steps: [running(seq)], events: [{ type: "step.started", run_id: "r1", step: running(seq) }] }),
          store.commit({ run_id: "r1", steps: [done(seq)], checkpoint: cp, events: [{ type: "step.finished", run_id: "r1", step: done(seq) }] }),
        ]);
        expect([started.status, finished.status]).toEqual(["fulfilled", "rejected"]);
      }
      expect(await store.listSteps("r1")).toEqual([running(1), running(2)]);
      expect((await store.listEvents("r1", 0)).map((e) => e.type)).toEqual(["step.started", "step.started"]);
    });
  });
});

describe("PostgresRunStore.insertTriggered", () => {
  it("writes the run, its audit row and the run_start write of the same turn in one transaction, chained as the audit log verifies", async () => {
    await withStore(async (store, pool) => {
      await Promise.all([
        store.insertTriggered({ run: triggered("t1"), audit: triggerAudit("t1") }),
        store.commit({ run_id: "t1", run: { status: "running" }, checkpoint: checkpoint("t1", 0, { q: "t1" }, null), events: [statusEvent("t1", "running")] }),
        store.insertTriggered({ run: triggered("t2"), audit: triggerAudit("t2") }),
      ]);
      const xids = [...(await writers(pool, "checkpoints")), ...(await column<string>(pool, "SELECT xmin::text FROM runs UNION SELECT xmin::text FROM audit_entries"))];
      expect(new Set(xids).size).toBe(1);
      expect(await store.getRun("t1")).toMatchObject({ status: "running", input: { q: "t1" }, triggered_by: { type: "user", id: "u-ada", name: "Ada" } });
      expect((await pool.query("SELECT lease_owner, lease_expires_at FROM runs WHERE id = 't2'")).rows[0]).toEqual({ lease_owner: "host:1:a", lease_expires_at: new Date(1_764_547_208_123) });
      await store.insertTriggered({ run: triggered("t3"), audit: triggerAudit("t3") });
      const rows = (await pool.query("SELECT * FROM audit_entries ORDER BY seq")).rows;
      let prev = GENESIS_HASH;
      for (const row of rows) {
        const content = { ...row, details: JSON.parse(row.details), created_at: row.created_at.toISOString() };
        expect(row.prev_hash).toBe(prev);
        expect(row.hash).toBe(auditHash(prev, content));
        prev = row.hash;
      }
      expect(rows.map((r) => r.target_id)).toEqual(["t1", "t2", "t3"]);
      // A run inserted by the batch has its number: its later writes need no lookup.
      await store.commit({ run_id: "t1", steps: [step("t1", 1)], events: [statusEvent("t1", "running")] });
      expect((await store.listEvents("t1", 0)).map((e) => e.seq)).toEqual([1, 2]);
    });
  });

  it("snapshots a version saved before snapshots existed, and refuses a version that is nowhere", async () => {
    await withStore(async (store, pool) => {
      await insertWorkflow(pool, "old", 3);
      await store.insertTriggered({ run: triggered("v3", { workflowId: "old", workflowVersion: 3 }), audit: triggerAudit("v3") });
      expect(await column(pool, "SELECT version FROM workflow_versions WHERE workflow_id = 'old'")).toEqual([3]);
      const refused = store.insertTriggered({ run: triggered("v9", { workflowId: "old", workflowVersion: 9 }), audit: triggerAudit("v9") });
      const other = store.insertTriggered({ run: triggered("v3b", { workflowId: "old", workflowVersion: 3 }), audit: triggerAudit("v3b") });
      await expect(refused).rejects.toThrow("workflow old has no version 9 to run");
      await other;
      expect(await column(pool, "SELECT id FROM runs ORDER BY num")).toEqual(["v3", "v3b"]);
      expect(await column(pool, "SELECT target_id FROM audit_entries ORDER BY seq")).toEqual(["v3", "v3b"]);
    });
  });

  it("numbers runs uniquely and chains audit rows when two processes trigger at once", async () => {
    await withStore(async (_store, _pool, database) => {
      const pg2 = await import("pg");
      const pools = [0, 1].map(() => new pg2.default.Pool({ connectionString: database.url, max: 2 }));
      try {
        const stores = pools.map((p) => new PostgresRunStore(p));
        await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].insertTriggered({ run: triggered(`p${i}`), audit: triggerAudit(`p${i}`) })));
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
      const nums = await column<number>(database.pool, "SELECT num FROM runs");
      expect(new Set(nums).size).toBe(40);
      const rows = (await database.pool.query("SELECT prev_hash, hash FROM audit_entries ORDER BY seq")).rows;
      rows.forEach((row, i) => expect(row.prev_hash).toBe(i === 0 ? GENESIS_HASH : rows[i - 1].hash));
    });
  });

  it("chains its trigger rows and the request side's appends into one chain, from two processes at once", async () => {
    await withStore(async (_store, _pool, database) => {
      const pg2 = await import("pg");
      const pools = [0, 1].map(() => new pg2.default.Pool({ connectionString: database.url, max: 3 }));
      try {
        const runs = pools.map((p) => new PostgresRunStore(p));
        const requests = pools.map((p) => postgresStores(p));
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            i % 2 === 0
              ? runs[i % 4 === 0 ? 0 : 1].insertTriggered({ run: triggered(`m${i}`), audit: triggerAudit(`m${i}`) })
              : requests[i % 4 === 1 ? 0 : 1].audit.append({ action: "secret.create", actor: { type: "user", id: "u-ada", name: "Ada" }, targetType: "secret", targetId: `S${i}` }),
          ),
        );
        expect(await verifyAuditChain((afterSeq, limit) => requests[0].audit.chainPage({ afterSeq, limit }))).toEqual({ ok: true, checked: 40 });
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
    });
  });

  it("hashes the audit body the statement hashes as lib/db/audit-hash.ts does", () => {
    const content = { id: "a1", action: "run.trigger", actor_id: "u", actor_type: "user", actor_name: 'Ada "ü" \\ 😀', target_type: "run", target_id: "r", created_at: "2026-12-01T00:00:00.000Z" };
    for (const c of [content, { ...content, actor_type: null, actor_name: null }]) {
      const details = '{"a":[1,"x"]}';
      expect(createHash("sha256").update(GENESIS_HASH + auditBody(c, details)).digest("hex")).toBe(auditHashOfText(GENESIS_HASH, c, details));
    }
  });
});

describe("PostgresRunStore.watch", () => {
  const review = graph([agent("draft"), agent("edit", { user_message: "{draft}" }), gate("review"), agent("send")], "draft>edit", "edit>review", "review>send");

  it("keeps the steps and checkpoint states a read-back gives, and stops keeping them after stop()", async () => {
    await withStore(async (store) => {
      const h = harness([], { store: store as never });
      const watch = store.watch("watched");
      const run = await h.run(review, { topic: "t" }, {}, "watched");
      expect(run.status).toBe("paused");
      const kept = watch.read();
      expect(kept!.steps).toStrictEqual(await store.listSteps("watched"));
      expect(kept!.steps.length).toBe(3);
      const { materializeStates } = await import("@/engine/store/checkpoint-codec");
      expect(materializeStates(kept!.states)).toStrictEqual(await store.listCheckpointStates("watched"));
      watch.stop();
      await store.commit({ run_id: "watched", steps: [step("watched", 9)] });
      expect(watch.read()!.steps.length).toBe(3);
    });
  });

  it("answers null once another writer's rows came between this store's writes", async () => {
    await withStore(async (store, pool) => {
      await store.createRun(newRun("r1", "wf"));
      const watch = store.watch("r1");
      await store.commit({ run_id: "r1", steps: [step("r1", 1)], events: [{ type: "step.started", run_id: "r1", step: step("r1", 1) }] });
      expect(watch.read()?.steps).toEqual([step("r1", 1)]);
      await new PostgresRunStore(pool).commit({ run_id: "r1", steps: [step("r1", 2)], events: [{ type: "step.started", run_id: "r1", step: step("r1", 2) }] });
      await store.commit({ run_id: "r1", steps: [step("r1", 3)], events: [{ type: "step.started", run_id: "r1", step: step("r1", 3) }] });
      expect(watch.read()).toBeNull();
    });
  });

  it("leaves out a write that failed in its batch, and gives fields left undefined as null", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      const watch = store.watch("r1");
      const sparse = { ...step("r1", 1), output: undefined, error: undefined, model: undefined, finished_at: undefined, duration_ms: undefined } as unknown as StepRecord;
      const results = await Promise.allSettled([
        store.commit({ run_id: "r1", steps: [sparse], checkpoint: checkpoint("r1", 1, { a: 1 }, null), events: [{ type: "step.started", run_id: "r1", step: sparse }] }),
        store.commit({ run_id: "r1", steps: [step("r1", 1, { status: "completed" })], checkpoint: checkpoint("r1", 1, { a: 2 }, ["a"]) }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
      expect(watch.read()?.steps).toStrictEqual(await store.listSteps("r1"));
      expect(watch.read()?.states.map((s) => s.seq)).toEqual([1]);
    });
  });
});

describe("checkpoints stamped with their state schema version (PostgreSQL)", () => {
  let database: PostgresTestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
    await insertWorkflow(database.pool, "wf");
  });
  afterAll(() => database.close());

  it("stamps this build's version, refuses a run a newer build wrote on every load and changes nothing, and goes on once it reads it", async () => {
    const store = new PostgresRunStore(database.pool);
    const h = harness([], { store: store as never });
    const run = await h.run(graph([agent("draft"), gate("review", { prompt: "Send it?" }), agent("send")], "draft>review", "review>send"), { ticket: "T-1" });
    expect(run.status).toBe("paused");
    expect(await column(database.pool, "SELECT DISTINCT state_schema_version FROM checkpoints")).toEqual([STATE_SCHEMA_VERSION]);
    const stampAll = (version: number) => database.pool.query("UPDATE checkpoints SET state_schema_version = $1", [version]);
    const rows = async () => (await database.pool.query("SELECT (SELECT count(*) FROM run_events) AS events, (SELECT string_agg(status, ',' ORDER BY seq) FROM steps) AS steps, (SELECT status FROM runs) AS status")).rows[0];
    await stampAll(STATE_SCHEMA_VERSION + 1);
    const before = await rows();
    const tooNew = expect.objectContaining({ code: "snapshot_too_new", message: expect.stringContaining(`state schema version ${STATE_SCHEMA_VERSION + 1}`) });
    await expect(store.loadRun(run.id)).rejects.toThrow(tooNew);
    await expect(store.listCheckpoints(run.id)).rejects.toThrow(tooNew);
    await expect(store.listCheckpointStates(run.id)).rejects.toThrow(tooNew);
    await expect(store.getCheckpoint(run.id, 1)).rejects.toThrow(tooNew);
    await expect(h.engine.approve(run.id, { node_id: "review", actor: person("alice") })).rejects.toThrow(tooNew);
    expect(await rows()).toEqual(before);
    await stampAll(STATE_SCHEMA_VERSION);
    const done = await (await h.engine.approve(run.id, { node_id: "review", actor: person("alice") })).done;
    expect(done.status).toBe("completed");
  });
});

describe("PostgresRunStore: the run host's reads", () => runHostReadsContract((test) => withStore(test)));

import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Graph } from "@/engine/graph/schema";
import { RunRuntime } from "@/lib/runtime/run-runtime";
import { sqlTime } from "../timestamps";
import { PostgresRunStore } from "./run-store";
import { bind, fenceRefused, WRITE } from "./run-statements";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";
import { pgTypes } from "./types";

const graph: Graph = {
  nodes: [
    { id: "a", type: "tool", position: { x: 0, y: 0 }, config: { tool: "set", params: { x: 1 } } },
    { id: "b", type: "tool", position: { x: 0, y: 0 }, config: { tool: "set", params: { y: 2 } } },
  ],
  edges: [{ id: "e1", source: "a", target: "b" }],
} as Graph;

const NOW = 1_764_547_200_000;
const TTL = 8_000;

let database: PostgresTestDatabase;
/** Pools of their own, as other processes would have. */
let others: pg.Pool[];

beforeEach(async () => {
  database = await createPostgresTestDatabase();
  // Pools end their clients without waiting: one may still be closing when the database is dropped.
  database.pool.on("error", () => {});
  others = [];
  await database.pool.query("INSERT INTO workflows (id, name, graph, updated_at) VALUES ('wf', 'wf', $1, now())", [JSON.stringify(graph)]);
  await database.pool.query("INSERT INTO workflow_versions (id, workflow_id, version, graph, created_by) VALUES ('v1', 'wf', 1, $1, 'test')", [JSON.stringify(graph)]);
});
afterEach(async () => {
  await Promise.all(others.map((p) => p.end()));
  await database.close();
});

/** A store on a pool of its own: another process. */
function processStore(): PostgresRunStore {
  const pool = new pg.Pool({ connectionString: database.url, types: pgTypes, max: 3 }).on("error", () => {});
  others.push(pool);
  return new PostgresRunStore(pool);
}

async function insertRun(id: string, status: string, lease: { owner: string | null; expiresAt: number | null }, extra: { pending_gate?: unknown } = {}) {
  await database.pool.query(
    "INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, lease_owner, lease_expires_at, pending_gate, num) VALUES ($1, 'wf', 1, $2, '{}', $3, $4, $5, $6, nextval('runs_num_seq'))",
    [id, status, sqlTime(NOW), lease.owner, lease.expiresAt === null ? null : sqlTime(lease.expiresAt), extra.pending_gate === undefined ? null : JSON.stringify(extra.pending_gate)],
  );
}

const lease = async (id: string) => {
  const row = (await database.pool.query("SELECT lease_owner, lease_expires_at FROM runs WHERE id = $1", [id])).rows[0];
  return row ? { owner: row.lease_owner as string | null, expiresAt: row.lease_expires_at === null ? null : (row.lease_expires_at as Date).getTime() } : null;
};

describe("PostgreSQL run leases", () => {
  it("claims a lease that is free, expired or already the owner's; never one another owner holds alive", async () => {
    const { leases } = new PostgresRunStore(database.pool);
    await insertRun("free", "pending", { owner: null, expiresAt: null });
    await insertRun("expired", "running", { owner: "gone:1:x", expiresAt: NOW - 1 });
    await insertRun("live", "running", { owner: "other:2:y", expiresAt: NOW + 1 });
    await insertRun("mine", "running", { owner: "host:1:a", expiresAt: NOW - 5_000 });
    const claim = (runId: string) => leases.claim({ runId, owner: "host:1:a", now: NOW, ttlMs: TTL });
    expect(await Promise.all(["free", "expired", "live", "mine", "nope"].map(claim))).toEqual([true, true, false, true, false]);
    expect(await lease("free")).toEqual({ owner: "host:1:a", expiresAt: NOW + TTL });
    expect(await lease("live")).toEqual({ owner: "other:2:y", expiresAt: NOW + 1 });
  });

  it("claims what one turn asks for in one transaction, and gives a run two owners claim in it to one of them", async () => {
    const { leases } = new PostgresRunStore(database.pool);
    for (const id of ["t1", "t2", "t3"]) await insertRun(id, "pending", { owner: null, expiresAt: null });
    const claim = (runId: string, owner = "host:1:a") => leases.claim({ runId, owner, now: NOW, ttlMs: TTL });
    expect(await Promise.all([claim("t1"), claim("t2"), claim("t3", "host:1:a"), claim("t3", "other:2:y")])).toEqual([true, true, true, false]);
    const writers = (await database.pool.query("SELECT DISTINCT xmin::text FROM runs WHERE id IN ('t1', 't2', 't3')")).rows;
    expect(writers).toHaveLength(1);
    expect(await lease("t3")).toEqual({ owner: "host:1:a", expiresAt: NOW + TTL });
  });

  it("lets only one of two processes claim each run, however the claims interleave", async () => {
    const runs = Array.from({ length: 20 }, (_, i) => `r${i}`);
    for (const id of runs) await insertRun(id, "pending", { owner: null, expiresAt: null });
    const [a, b] = [processStore(), processStore()];
    const won = await Promise.all(runs.flatMap((runId) => [a, b].map((s, i) => s.leases.claim({ runId, owner: `host:${i}:p`, now: NOW, ttlMs: TTL }))));
    for (let i = 0; i < runs.length; i++) expect(won[2 * i] !== won[2 * i + 1]).toBe(true);
    const owners = await Promise.all(runs.map(async (id, i) => (await lease(id))?.owner === `host:${won[2 * i] ? 0 : 1}:p`));
    expect(owners.every(Boolean)).toBe(true);
  });

  it("takes over only as read (compare-and-set on holder and status), one winner among processes", async () => {
    await insertRun("dead", "running", { owner: "gone:1:x", expiresAt: NOW + 60_000 });
    await insertRun("unleased", "pending", { owner: null, expiresAt: null });
    const [a, b] = [processStore(), processStore()];
    const takeOver = (s: PostgresRunStore, owner: string, previous: string | null, status = "running", runId = "dead") => s.leases.takeOver({ runId, owner, previous, status, now: NOW, ttlMs: TTL });
    const both = await Promise.all([takeOver(a, "host:1:a", "gone:1:x"), takeOver(b, "host:2:b", "gone:1:x")]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const winner = both[0] ? "host:1:a" : "host:2:b";
    expect((await lease("dead"))?.owner).toBe(winner);
    // Read before the winner took it: the holder is no longer the one read.
    expect(await takeOver(a, "host:9:z", "gone:1:x")).toBe(false);
    expect(await takeOver(a, "host:9:z", winner, "pending")).toBe(false);
    expect(await takeOver(a, "host:9:z", null, "pending", "unleased")).toBe(true);
    expect(await lease("unleased")).toEqual({ owner: "host:9:z", expiresAt: NOW + TTL });
  });

  it("releases with the next group commit, in its transaction, unless asked to keep it; another holder's lease stays", async () => {
    const store = new PostgresRunStore(database.pool);
    await insertRun("r1", "running", { owner: "host:1:a", expiresAt: NOW + TTL });
    await insertRun("kept", "running", { owner: "host:1:a", expiresAt: NOW + TTL });
    await insertRun("theirs", "running", { owner: "other:2:y", expiresAt: NOW + TTL });
    await Promise.all([
      store.leases.release({ runId: "r1", owner: "host:1:a" }),
      store.leases.release({ runId: "kept", owner: "host:1:a", unless: () => true }),
      store.leases.release({ runId: "theirs", owner: "host:1:a" }),
      store.commit({ run_id: "kept", run: { cost_micros: 3 } }),
    ]);
    expect(await lease("r1")).toEqual({ owner: null, expiresAt: null });
    expect((await lease("kept"))?.owner).toBe("host:1:a");
    expect((await lease("theirs"))?.owner).toBe("other:2:y");
    const xids = (await database.pool.query("SELECT xmin::text AS x FROM runs WHERE id IN ('r1', 'kept')")).rows.map((r) => r.x);
    expect(new Set(xids).size).toBe(1);
  });

  it("drops one process's leases on the way out, renews the leases an owner still holds", async () => {
    const { leases } = new PostgresRunStore(database.pool);
    await insertRun("mine-running", "running", { owner: "host:1:aaaa", expiresAt: NOW + 10 });
    await insertRun("mine-paused", "paused", { owner: "host:1:bbbb", expiresAt: NOW + 10 });
    await insertRun("pid-12", "running", { owner: "host:12:aaaa", expiresAt: NOW + 10 });
    await insertRun("other", "running", { owner: "other:1:aaaa", expiresAt: NOW + 10 });
    expect(await leases.renew({ runIds: ["pid-12", "other", "nope"], owner: "host:12:aaaa", now: NOW, ttlMs: TTL })).toBe(1);
    expect(await leases.renew({ runIds: [], owner: "host:12:aaaa", now: NOW, ttlMs: TTL })).toBe(0);
    expect(await lease("pid-12")).toEqual({ owner: "host:12:aaaa", expiresAt: NOW + TTL });
    expect(await lease("other")).toEqual({ owner: "other:1:aaaa", expiresAt: NOW + 10 });
    expect(await leases.releaseProcess("host:1:")).toBe(2);
    expect(await Promise.all(["mine-running", "mine-paused", "pid-12"].map(async (id) => (await lease(id))?.owner ?? null))).toEqual([null, null, "host:12:aaaa"]);
    expect(await leases.releaseProcess("host:1:")).toBe(0);
  });

  it("lists orphans (pending or running, no live lease of the owner's) and gates past their deadline", async () => {
    const { leases } = new PostgresRunStore(database.pool);
    await insertRun("unleased", "pending", { owner: null, expiresAt: null });
    await insertRun("expired", "running", { owner: "host:1:a", expiresAt: NOW - 1 });
    await insertRun("theirs", "running", { owner: "other:2:y", expiresAt: NOW + 60_000 });
    await insertRun("held", "running", { owner: "host:1:a", expiresAt: NOW + 60_000 });
    await insertRun("parked", "paused", { owner: null, expiresAt: null }, { pending_gate: { node_id: "g", expires_at: NOW } });
    await insertRun("parked-later", "paused", { owner: null, expiresAt: null }, { pending_gate: { node_id: "g", expires_at: NOW + 1 } });
    await insertRun("parked-forever", "paused", { owner: null, expiresAt: null }, { pending_gate: { node_id: "g", expires_at: null } });
    const orphans = await leases.orphans({ owner: "host:1:a", now: NOW, limit: 10 });
    expect(orphans.map((o) => [o.id, o.status, o.owner, o.expiresAt])).toEqual([
      ["unleased", "pending", null, null],
      ["expired", "running", "host:1:a", NOW - 1],
      ["theirs", "running", "other:2:y", NOW + 60_000],
    ]);
    expect(await leases.orphans({ owner: "host:1:a", now: NOW, limit: 1 })).toHaveLength(1);
    expect(await leases.expiredGates({ now: NOW, limit: 10 })).toEqual(["parked"]);
  });

  it("counts takeovers in a row without progress, names the nodes in flight, and clears the count", async () => {
    const store = new PostgresRunStore(database.pool);
    await insertRun("r1", "running", { owner: null, expiresAt: null });
    const s = (seq: number, node: string, status: string) =>
      database.pool.query(
        "INSERT INTO steps (run_num, id, run_id, seq, node_id, node_type, status, input_checkpoint, idempotency_key) SELECT num, $1, id, $2, $3, 'tool', $4, 0, $1 FROM runs WHERE id = 'r1'",
        [`s${seq}`, seq, node, status],
      );
    await s(1, "a", "completed");
    await s(2, "b", "running");
    expect(await store.leases.noteTakeover("r1")).toEqual({ takeovers: 1, in_flight: ["b"] });
    expect((await store.leases.noteTakeover("r1")).takeovers).toBe(2);
    await database.pool.query("UPDATE steps SET status = 'completed' WHERE id = 's2'");
    expect(await store.leases.noteTakeover("r1")).toEqual({ takeovers: 1, in_flight: [] });
    await store.leases.clearTakeovers("r1");
    expect((await database.pool.query("SELECT takeovers, takeover_mark FROM runs")).rows[0]).toEqual({ takeovers: 0, takeover_mark: null });
    expect(await store.leases.noteTakeover("nope")).toEqual({ takeovers: 0, in_flight: [] });
  });
});

describe("RunRuntime on PostgreSQL", () => {
  const TIMINGS = { ttlMs: 1_000, heartbeatMs: 200, sweepMs: 100 };

  it("never lets two processes drive the same orphan, and each run ends with its lease dropped", async () => {
    const runtimes = ["host:1:a", "host:2:b"].map((owner) => new RunRuntime(processStore(), { owner, timings: TIMINGS }));
    const runs = Array.from({ length: 6 }, (_, i) => `orphan${i}`);
    for (const id of runs) await insertRun(id, "running", { owner: "gone:1:x", expiresAt: Date.now() - 1 });
    const starts = new Map<string, string[]>();
    for (const rt of runtimes) {
      for (const id of runs) {
        rt.bus.subscribe(id, (m) => {
          if (m.kind === "events" && m.events.some((e) => e.data.type === "run.status" && e.data.status === "running")) starts.set(id, [...(starts.get(id) ?? []), rt.owner]);
        });
      }
    }
    try {
      await Promise.all(runtimes.map((rt) => rt.sweep()));
      await Promise.all(runtimes.map((rt) => rt.engine.idle()));
    } finally {
      for (const rt of runtimes) rt.stopRecovery();
    }
    for (const id of runs) expect(starts.get(id)).toHaveLength(1);
    // A process whose sweep listed an orphan before the other settled it may claim the settled
    // run's free lease; its resume is then refused (the run is completed) and it drops the lease.
    const rows = async () => (await database.pool.query("SELECT status, lease_owner FROM runs ORDER BY id")).rows;
    await expect.poll(rows, { timeout: 5_000 }).toEqual(runs.map(() => ({ status: "completed", lease_owner: null })));
  });
});

describe("the fence of a batch's writes on PostgreSQL", () => {
  it("locks every fenced run until its transaction ends, the ones whose lease matches included, and refuses one leased to anyone else", async () => {
    await insertRun("mine", "running", { owner: "process-a", expiresAt: NOW + TTL });
    await insertRun("also-mine", "running", { owner: "process-a", expiresAt: NOW + TTL });
    await insertRun("taken", "running", { owner: "process-b", expiresAt: NOW + TTL });
    const fencing = await database.pool.connect();
    const other = await database.pool.connect();
    try {
      await fencing.query("BEGIN");
      await fencing.query(bind(WRITE.fence, [["mine", "also-mine"], ["process-a", "process-a"]]));
      // A takeover of either run waits for the fenced transaction: it cannot commit between the check and the writes.
      await other.query("SET lock_timeout = '200ms'");
      for (const id of ["mine", "also-mine"]) {
        await expect(other.query("UPDATE runs SET lease_owner = 'process-b' WHERE id = $1", [id])).rejects.toMatchObject({ code: "55P03" });
      }
      await fencing.query("COMMIT");
      await other.query("UPDATE runs SET lease_owner = 'process-b' WHERE id = 'mine'");

      await fencing.query("BEGIN");
      const refused = await fencing.query(bind(WRITE.fence, [["also-mine", "taken"], ["process-a", "process-a"]])).catch((err: unknown) => err);
      await fencing.query("ROLLBACK");
      expect(fenceRefused(refused)).toBe("taken");
      expect(fenceRefused(new Error("other"))).toBeNull();
    } finally {
      fencing.release();
      other.release();
    }
    expect((await lease("mine"))?.owner).toBe("process-b");
    expect((await lease("taken"))?.owner).toBe("process-b");
  });
});

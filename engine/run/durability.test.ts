import { describe, expect, it } from "vitest";
import { Engine } from "../engine";
import type { RunRecord } from "../ports";
import { MemoryRunStore } from "../store/memory-store";
import { systemClock } from "./clock";
import { createToolRegistry } from "../tools/registry";
import { agent, gate, graph, harness, loop, person, Probe, sleeper, tool, until } from "../testing/harness";

describe("checkpoints (SPEC §5)", () => {
  it("writes run_start, then one checkpoint per settled node with state, completed and queue", async () => {
    const h = harness();
    const run = await h.run(graph([agent("a"), agent("b"), agent("c")], "a>b", "b>c"), { topic: "t" });
    const cps = await h.store.listCheckpoints(run.id);
    expect(cps.map((c) => c.step_name)).toEqual(["run_start", "node:a", "node:b", "node:c"]);
    expect(cps[0].state).toEqual({ topic: "t", input: { topic: "t" } });
    expect(cps[0].queue).toEqual([{ node_id: "a", n: 1 }]);
    expect(cps[1].completed).toEqual(["a"]);
    expect(cps[1].queue).toEqual([{ node_id: "b", n: 1, edge_id: "e1" }]);
    expect(cps[3].state).toEqual({ topic: "t", input: { topic: "t" }, ...run.output });
    expect(cps[3].queue).toEqual([]);
  });

  it("a step's input is the state of the checkpoint it started from (public keys only in the output)", async () => {
    const h = harness();
    const g = graph([agent("s"), agent("body", { user_message: "{s}" }), loop("lp", "true", 2), agent("end")], "s>body", "body>lp", "lp>body:true", "lp>end:false");
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    const secondBody = steps.filter((s) => s.node_id === "body")[1];
    const input = await h.store.getCheckpoint(run.id, secondBody.input_checkpoint);
    expect(input?.state.__loop_lp).toBe(1);
    expect(input?.state.body).toBe(steps.filter((s) => s.node_id === "body")[0].output);
    expect(run.output).not.toHaveProperty("__loop_lp");
  });

  it("after a crash mid-node, a new engine resumes: completed nodes never re-run, the in-flight one reuses its key", async () => {
    const counter = new Probe("count");
    const stuck = Probe.blocking("work");
    const g = graph([tool("first", "count"), tool("mid", "work"), tool("last", "count")], "first>mid", "mid>last");
    const h = harness([counter, stuck]);
    const { id } = await h.startRun(g);
    await until(() => stuck.running === 1);
    // The first process "dies" here: its driver never settles `mid` and writes nothing more.
    expect((await h.store.getRun(id))?.status).toBe("running");

    const work = new Probe("work");
    const second = new Engine({ store: h.store, tools: createToolRegistry([counter.definition, work.definition]) });
    const run = await (await second.resume(id)).done;

    expect(run.status).toBe("completed");
    expect(counter.callsFor("first")).toHaveLength(1);
    expect(counter.callsFor("last")).toHaveLength(1);
    expect(work.callsFor("mid").map((c) => c.key)).toEqual([stuck.calls[0].key]);
    expect(stuck.calls[0].key).toBe(`${id}:mid:1`);
    const steps = await h.steps(id);
    expect(steps.map((s) => [s.node_id, s.status, s.attempt])).toEqual([
      ["first", "completed", 1],
      ["mid", "completed", 2],
      ["last", "completed", 1],
    ]);
    const cps = await h.store.listCheckpoints(id);
    expect(cps.map((c) => c.step_name)).toEqual(["run_start", "node:first", "resume", "node:mid", "node:last"]);
  });

  it("a crash keeps the time up to the last checkpoint: the run's duration counts the finished work of the lost segment", async () => {
    const time = manualTime();
    const { clock } = time;
    const slow = time.tool("slow", 400);
    const stuck = Probe.blocking("work");
    const g = graph([tool("first", "slow"), tool("mid", "work"), tool("last", "slow")], "first>mid", "mid>last");
    const h = harness([slow, stuck], { clock });
    const { id } = await h.startRun(g);
    await until(() => stuck.running === 1);
    time.advance(250); // `mid` runs for a while, then the process dies with it in flight …
    time.advance(60_000); // … and stays down for a minute.

    const work = time.tool("work", 100);
    const second = new Engine({ store: h.store, tools: createToolRegistry([slow.definition, work.definition]), clock });
    const run = await (await second.resume(id)).done;
    expect(run.status).toBe("completed");
    // first (400, checkpointed before the crash) + mid again (100) + last (400); the lost 250 ms and the downtime are not counted.
    expect(run.duration_ms).toBe(900);
  });

  it("a run's duration counts each segment once and not the wait at a gate", async () => {
    const time = manualTime();
    const h = harness([time.tool("slow", 400)], { clock: time.clock });
    const paused = await h.run(graph([tool("first", "slow"), gate("review"), tool("last", "slow")], "first>review", "review>last"));
    expect(paused.status).toBe("paused");
    expect(paused.duration_ms).toBe(400);
    time.advance(3_600_000); // an hour before someone approves
    const run = await (await h.engine.approve(paused.id, { node_id: "review", actor: person("a") })).done;
    expect(run.status).toBe("completed");
    expect(run.duration_ms).toBe(800);
  });

  it("a failed run resumes from its latest checkpoint and re-runs only the failed node", async () => {
    let healthy = false;
    const counter = new Probe("count");
    const fragile = new Probe("fragile", (p) => {
      if (!healthy) throw new Error("service down");
      return p;
    });
    const h = harness([counter, fragile]);
    const g = graph([tool("a", "count"), tool("b", "fragile"), tool("c", "count")], "a>b", "b>c");
    const failed = await h.run(g);
    expect(failed.status).toBe("failed");
    expect(failed.error_message).toBe("node 'b' (b) failed: service down");
    healthy = true;
    const run = await (await h.engine.resume(failed.id)).done;
    expect(run.status).toBe("completed");
    expect(run.error_message).toBeNull();
    expect(counter.callsFor("a")).toHaveLength(1);
    expect(fragile.calls.map((c) => c.key)).toEqual([`${run.id}:b:1`, `${run.id}:b:1`]);
    expect((await h.steps(run.id)).map((s) => `${s.node_id}:${s.status}`)).toEqual(["a:completed", "b:failed", "b:completed", "c:completed"]);
  });

  it("resume refuses completed runs and runs active in this process", async () => {
    const block = Probe.blocking();
    const h = harness([block]);
    const done = await h.run(graph([agent("a")]));
    await expect(h.engine.resume(done.id)).rejects.toThrow(/already completed/);
    const { id } = await h.startRun(graph([tool("x", "block")]));
    await expect(h.engine.resume(id)).rejects.toThrow(/busy/);
    block.release();
    await h.engine.idle();
  });
});

describe("starting a run its creator just wrote", () => {
  it("does not read the run back, and submits run_start before start() yields", async () => {
    const store = new MemoryRunStore();
    const g = graph([agent("a"), agent("b")], "a>b");
    const created_at = Date.now();
    await store.createRun({ id: "r1", workflow_id: "wf", workflow_version: 1, graph: g, input: { x: 1 }, options: {}, created_at });
    const reads: string[] = [];
    const commits: string[] = [];
    const loadRun = store.loadRun.bind(store);
    const commit = store.commit.bind(store);
    store.loadRun = (id) => (reads.push(id), loadRun(id));
    store.commit = (write) => (commits.push(write.checkpoint?.step_name ?? "-"), commit(write));
    const engine = new Engine({ store });
    const run: RunRecord = {
      id: "r1", workflow_id: "wf", workflow_version: 1, status: "pending", input: { x: 1 }, options: {}, output: null, cost_micros: 0, tokens_in: 0,
      tokens_out: 0, node_executions: 0, duration_ms: null, error_message: null, pending_gate: null, created_at, started_at: null, finished_at: null,
    };

    const starting = engine.start("r1", { run, graph: g });
    // Same turn: a grouping store can put run_start in the transaction that creates the run.
    expect(commits).toEqual(["run_start"]);
    const done = await (await starting).done;

    expect(reads).toEqual([]);
    expect(done.status).toBe("completed");
    expect(done.output).toMatchObject({ x: 1, a: expect.any(String), b: expect.any(String) });
    expect(commits.filter((c) => c.startsWith("node:"))).toEqual(["node:a", "node:b"]);
  });
});

describe("events and state visibility (SPEC §4, §10)", () => {
  it("emits run.status, step.started/finished and gate.pending in order with increasing seq", async () => {
    const h = harness();
    await h.run(graph([agent("a"), { id: "g", type: "human_gate", config: { prompt: "ok?" } }], "a>g"));
    expect(h.events.types()).toEqual(["run.status", "step.started", "step.finished", "step.started", "gate.pending", "run.status"]);
    const seqs = h.events.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it("seeds state with input and its keys; internal keys never reach output or events", async () => {
    const h = harness();
    const g = graph([agent("s"), agent("body"), loop("lp", "true", 2), tool("out", "set", { echo: "{ticket}" })], "s>body", "body>lp", "lp>body:true", "lp>out:false");
    // `body` has no user_message: it sees the public state as JSON, which must not show the counter.
    const run = await h.run(g, { ticket: "T-9" });
    expect(run.output).toMatchObject({ ticket: "T-9", input: { ticket: "T-9" }, out: { echo: "T-9" } });
    expect(Object.keys(run.output!).filter((k) => k.startsWith("__"))).toEqual([]);
    expect(JSON.stringify(h.events.events)).not.toContain("__loop");
    expect((await h.steps(run.id)).filter((s) => s.node_id === "body")).toHaveLength(3);
    // An input key that looks internal is kept under `input` but never spread into state.
    const forged = await h.run(graph([agent("a")]), { __loop_lp: 500 });
    expect(forged.output).toEqual({ input: { __loop_lp: 500 }, a: expect.any(String) });
  });

  it("templates never re-render values and expressions cannot reach prototypes", async () => {
    const h = harness();
    const g = graph(
      [tool("t", "set", { text: "{payload}", proto: "{__proto__}", ctor: "{payload.constructor}" }), { id: "c", type: "condition", config: { expression: "payload.constructor == null and input.__proto__ == null" } }],
      "t>c",
    );
    const run = await h.run(g, { payload: "{secret}", secret: "leak" });
    expect(run.output?.t).toEqual({ text: "{secret}", proto: "{__proto__}", ctor: "{payload.constructor}" });
    expect((await h.steps(run.id)).find((s) => s.node_id === "c")?.output).toEqual({ result: true });
  });
});

describe("templated numbers", () => {
  it("a templated number param (rendered as a string) still satisfies a numeric tool param", async () => {
    const h = harness();
    const run = await h.run(graph([tool("wait", "delay", { ms: "{pause}" })]), { pause: 5 });
    expect(run.status).toBe("completed");
    expect((run.output?.wait as { waited_ms: number }).waited_ms).toBeGreaterThanOrEqual(4);
  });
});

describe("checkpoint hints", () => {
  it("every stored checkpoint restores exactly the queue and completed the driver wrote", async () => {
    const { MemoryRunStore } = await import("../store/memory-store");
    const written = new Map<number, { queue: unknown; completed: unknown; hinted: boolean }>();
    class RecordingStore extends MemoryRunStore {
      override async commit(write: import("../ports").RunWrite) {
        const cp = write.checkpoint;
        if (cp) written.set(cp.seq, { queue: structuredClone(cp.queue), completed: [...cp.completed], hinted: cp.hint !== undefined });
        return super.commit(write);
      }
    }
    const slow = sleeper("slow", 2);
    const h = harness([slow], { store: new RecordingStore() });
    const nodes = [agent("root"), ...Array.from({ length: 12 }, (_, i) => tool(`w${i}`, "slow", { i })), { id: "m", type: "merge" as const, config: {} }, agent("end")];
    const edges = [...Array.from({ length: 12 }, (_, i) => `root>w${i}`), ...Array.from({ length: 12 }, (_, i) => `w${i}>m`), "m>end"];
    const run = await h.run({ ...graph(nodes, ...edges), settings: { max_parallel_nodes: 3 } });
    expect(run.status).toBe("completed");
    const stored = await h.store.listCheckpoints(run.id);
    expect(stored.length).toBe(written.size);
    for (const cp of stored) {
      expect({ seq: cp.seq, queue: cp.queue, completed: cp.completed }).toEqual({ seq: cp.seq, queue: written.get(cp.seq)!.queue, completed: written.get(cp.seq)!.completed });
    }
    expect([...written.values()].filter((w) => w.hinted).length).toBeGreaterThan(10);
  });
});

/** A clock that moves only when told to, and tools that take `ms` of it per call. */
function manualTime() {
  let t = 1_000_000;
  return {
    clock: { ...systemClock, now: () => t },
    advance: (ms: number) => void (t += ms),
    tool: (name: string, ms: number) =>
      new Probe(name, (p) => {
        t += ms;
        return p;
      }),
  };
}

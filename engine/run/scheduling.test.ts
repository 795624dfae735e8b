import { describe, expect, it } from "vitest";
import { agent, condition, graph, harness, merge, Probe, sleeper, stepIds, tool } from "../testing/harness";

describe("start nodes and edge firing (SPEC §3)", () => {
  it("starts every node without an incoming edge at once", async () => {
    const probe = sleeper("slow", 20);
    const h = harness([probe]);
    const run = await h.run(graph([tool("a", "slow"), tool("b", "slow"), tool("c", "slow")]));
    expect(run.status).toBe("completed");
    expect(probe.maxRunning).toBe(3);
  });

  it("fans out: a finished node queues every target of its outgoing edges", async () => {
    const probe = new Probe();
    const h = harness([probe]);
    const run = await h.run(graph([tool("root", "probe"), tool("x", "probe"), tool("y", "probe"), tool("z", "probe")], "root>x", "root>y", "root>z"));
    expect(run.status).toBe("completed");
    expect(probe.calls.map((c) => c.node_id).sort()).toEqual(["root", "x", "y", "z"]);
    expect(probe.calls[0].node_id).toBe("root");
  });

  it("runs a non-merge node once per fired incoming edge", async () => {
    const probe = new Probe();
    const h = harness([probe]);
    await h.run(graph([tool("a", "probe"), tool("b", "probe"), tool("c", "probe")], "a>c", "b>c"));
    expect(probe.callsFor("c").map((c) => c.key)).toEqual(expect.arrayContaining([expect.stringMatching(/:c:1$/), expect.stringMatching(/:c:2$/)]));
    expect(probe.callsFor("c")).toHaveLength(2);
  });

  it("merge is a barrier: runs once after every branch, and sees their writes", async () => {
    const h = harness([sleeper("slow", 15), new Probe()]);
    const g = graph(
      [tool("root", "set", { v: 1 }), tool("fast", "set", { f: "fast" }), tool("slow", "slow", { s: "slow" }), merge("join"), agent("after", { user_message: "{fast[f]} {slow[s]}" })],
      "root>fast",
      "root>slow",
      "fast>join",
      "slow>join",
      "join>after",
    );
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    expect(run.status).toBe("completed");
    expect(stepIds(steps).filter((id) => id === "join")).toHaveLength(1);
    const order = stepIds(steps, "completed");
    expect(order.indexOf("join")).toBeGreaterThan(order.indexOf("slow"));
    expect(String(run.output?.after)).toContain("fast slow");
  });

  it("condition fires only matching edges (case-insensitive, label fallback); the other path is skipped", async () => {
    const probe = new Probe();
    const h = harness([probe]);
    const g = graph(
      [condition("check", "score > 5"), tool("yes", "probe"), tool("no", "probe"), tool("after_no", "probe")],
      { id: "t", source: "check", target: "yes", condition_value: "TRUE" },
      { id: "f", source: "check", target: "no", label: "False" },
      "no>after_no",
    );
    const run = await h.run(g, { score: 9 });
    const steps = await h.steps(run.id);
    expect(probe.calls.map((c) => c.node_id)).toEqual(["yes"]);
    expect(stepIds(steps, "skipped")).toEqual(["no", "after_no"]);
    expect(steps.find((s) => s.node_id === "check")?.output).toEqual({ result: true });
  });

  it("a merge after a condition runs once with the untaken branch dead", async () => {
    const h = harness([new Probe()]);
    const g = graph([condition("c", "false"), tool("a", "probe"), tool("b", "probe"), merge("m"), tool("end", "probe")], "c>a:true", "c>b:false", "a>m", "b>m", "m>end");
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    expect(run.status).toBe("completed");
    expect(stepIds(steps, "skipped")).toEqual(["a"]);
    expect(stepIds(steps, "completed")).toEqual(["c", "b", "m", "end"]);
  });

  it("a merge whose incoming edges all died is skipped, and so is everything after it", async () => {
    const h = harness([new Probe()]);
    const g = graph([condition("c", "true"), tool("a", "probe"), tool("b", "probe"), merge("m"), tool("end", "probe"), tool("other", "probe")], "c>a:false", "c>b:false", "a>m", "b>m", "m>end", "c>other:true");
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    expect(run.status).toBe("completed");
    expect(stepIds(steps, "skipped").sort()).toEqual(["a", "b", "end", "m"]);
    expect(stepIds(steps, "completed")).toEqual(["c", "other"]);
  });

  it("an edge with a value that is neither true nor false never fires", async () => {
    const probe = new Probe();
    const h = harness([probe]);
    await h.run(graph([condition("c", "true"), tool("x", "probe")], { id: "e", source: "c", target: "x", condition_value: "maybe" }));
    expect(probe.calls).toHaveLength(0);
  });
});

describe("parallelism cap", () => {
  it("never runs more than max_parallel_nodes (default 4) at once, and refills slots as they free", async () => {
    const probe = sleeper("slow", 5);
    const h = harness([probe]);
    const nodes = Array.from({ length: 20 }, (_, i) => tool(`n${i}`, "slow"));
    const run = await h.run(graph(nodes));
    expect(run.status).toBe("completed");
    expect(probe.calls).toHaveLength(20);
    expect(probe.maxRunning).toBe(4);
  });

  it("honours a configured cap from settings and from trigger options", async () => {
    const probe = sleeper("slow", 3);
    const h = harness([probe]);
    const nodes = Array.from({ length: 10 }, (_, i) => tool(`n${i}`, "slow"));
    await h.run({ ...graph(nodes), settings: { max_parallel_nodes: 2 } });
    expect(probe.maxRunning).toBe(2);
    probe.maxRunning = 0;
    await h.run({ ...graph(nodes), settings: { max_parallel_nodes: 2 } }, {}, { max_parallel_nodes: 1 });
    expect(probe.maxRunning).toBe(1);
  });
});

describe("determinism", () => {
  it("the same graph and input give the same final state and step order", async () => {
    const g = graph(
      [agent("a", { user_message: "start {topic}" }), agent("b", { user_message: "{a}" }), agent("c", { user_message: "{a}!" }), merge("m"), agent("d", { user_message: "{b} {c}" })],
      "a>b",
      "a>c",
      "b>m",
      "c>m",
      "m>d",
    );
    const first = harness();
    const second = harness();
    const r1 = await first.run(g, { topic: "x" });
    const r2 = await second.run(g, { topic: "x" });
    expect(r1.output).toEqual(r2.output);
    expect(stepIds(await first.steps(r1.id))).toEqual(stepIds(await second.steps(r2.id)));
  });
});

describe("many nodes in flight at once", () => {
  it("runs 64 parallel attempts under one run signal without a listener-leak warning", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    try {
      const probe = sleeper("slow", 20);
      const h = harness([probe]);
      // Half with a timeout (an attempt signal of their own, chained to the run's), half without.
      const nodes = Array.from({ length: 64 }, (_, i) => tool(`n${i}`, "slow", {}, i % 2 ? { timeout_ms: 5_000 } : {}));
      const run = await h.run({ ...graph(nodes), settings: { max_parallel_nodes: 64 } });
      await new Promise((r) => setImmediate(r)); // warnings are emitted on a later tick
      expect(run.status).toBe("completed");
      expect(probe.maxRunning).toBe(64);
      expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { graphSchema } from "../graph/schema";
import { agent, flaky, graph, harness, loop, Probe, sleeper, stepIds, tool, until } from "../testing/harness";

describe("loops (SPEC §3)", () => {
  it("runs the loop_50 workload: body 50×, loop 50×, end once", async () => {
    const g = graphSchema.parse(JSON.parse(readFileSync(new URL("../../bench/workloads/loop_50.json", import.meta.url), "utf8")));
    const h = harness();
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    expect(run.status).toBe("completed");
    const count = (id: string) => steps.filter((s) => s.node_id === id && s.status === "completed").length;
    expect([count("body"), count("loop"), count("end"), count("start")]).toEqual([50, 50, 1, 1]);
    expect(stepIds(steps, "skipped")).toEqual([]);
    expect(run.node_executions).toBe(102);
  });

  it("exits as soon as the expression is false, and the counter never leaves the engine", async () => {
    const h = harness();
    const g = graph([agent("s"), agent("body"), loop("lp", "go and len(body) > 0", 10), agent("end")], "s>body", "body>lp", "lp>body:true", "lp>end:false");
    const run = await h.run(g, { go: false });
    const steps = await h.steps(run.id);
    expect(run.status).toBe("completed");
    expect(steps.filter((s) => s.node_id === "lp").map((s) => s.output)).toEqual([{ result: false, iteration: 1 }]);
    expect(stepIds(steps, "completed")).toEqual(["s", "body", "lp", "end"]);
    expect(Object.keys(run.output ?? {}).some((k) => k.startsWith("__"))).toBe(false);
    const cps = await h.store.listCheckpoints(run.id);
    expect(cps.at(-1)?.state).toHaveProperty("__loop_lp", 0);
  });

  it("caps iterations at max_iterations even when the expression stays true", async () => {
    const h = harness();
    const g = graph([agent("s"), agent("body"), loop("lp", "true", 3), agent("end")], "s>body", "body>lp", "lp>body:true", "lp>end:false");
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    expect(steps.filter((s) => s.node_id === "body")).toHaveLength(4);
    expect(steps.filter((s) => s.node_id === "lp").map((s) => (s.output as { result: boolean }).result)).toEqual([true, true, true, false]);
    expect(run.status).toBe("completed");
    const cps = await h.store.listCheckpoints(run.id);
    expect(cps.some((c) => c.state.__loop_lp === 3)).toBe(true);
  });

  it("gives each execution of a repeated node its own idempotency key n", async () => {
    const probe = new Probe();
    const h = harness([probe]);
    const g = graph([tool("s", "probe"), tool("body", "probe"), loop("lp", "true", 2), tool("end", "probe")], "s>body", "body>lp", "lp>body:true", "lp>end:false");
    const run = await h.run(g);
    expect(probe.callsFor("body").map((c) => c.key)).toEqual([`${run.id}:body:1`, `${run.id}:body:2`, `${run.id}:body:3`]);
  });

  it("stops a runaway loop with max_node_executions", async () => {
    const h = harness();
    const g = graph([agent("s"), agent("body"), loop("lp", "true", 1000)], "s>body", "body>lp", "lp>body:true");
    const run = await h.run(g, {}, { max_node_executions: 25 });
    expect(run.status).toBe("failed");
    expect(run.error_message).toBe("node execution limit of 25 exceeded");
    expect(run.node_executions).toBe(25);
  });
});

describe("failure, retries, timeouts (SPEC §3)", () => {
  it("a failing node stops admission, lets in-flight siblings settle, and fails the run naming the node", async () => {
    const slow = sleeper("slow", 40);
    const bad = flaky("bad", 99, false);
    const after = new Probe("after");
    const h = harness([slow, bad, after]);
    const g = graph([tool("s", "slow"), tool("b", "bad", {}, { label: "Bad Node" }), tool("next", "after"), tool("queued", "after")], "s>next", "b>queued");
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    expect(run.status).toBe("failed");
    expect(run.error_message).toBe("node 'Bad Node' (b) failed: boom 1");
    expect(steps.find((s) => s.node_id === "s")?.status).toBe("completed");
    expect(after.calls).toHaveLength(0);
    const last = (await h.store.loadRun(run.id))!.checkpoint!;
    expect(last.completed).toContain("s");
    expect(last.queue.map((q) => q.node_id).sort()).toEqual(["b", "next"]);
  });

  it("retries a retryable failure with backoff, recording the attempt", async () => {
    const probe = flaky("flaky", 2);
    const h = harness([probe]);
    const run = await h.run(graph([tool("x", "flaky", {}, { retries: 2 })]));
    const [step] = await h.steps(run.id);
    expect(run.status).toBe("completed");
    expect(probe.calls).toHaveLength(3);
    expect(step.attempt).toBe(3);
    expect(new Set(probe.calls.map((c) => c.key)).size).toBe(1);
  });

  it("fails after retries run out, and does not retry a non-retryable error", async () => {
    const always = flaky("always", 99);
    const fatal = flaky("fatal", 99, false);
    const h = harness([always, fatal]);
    const r1 = await h.run(graph([tool("x", "always", {}, { retries: 2 })]));
    expect(r1.status).toBe("failed");
    expect(always.calls).toHaveLength(3);
    const r2 = await h.run(graph([tool("y", "fatal", {}, { retries: 5 })]));
    expect(r2.status).toBe("failed");
    expect(fatal.calls).toHaveLength(1);
  });

  it("times a node out with timeout_ms, aborting its signal", async () => {
    const probe = Probe.blocking();
    const h = harness([probe]);
    const run = await h.run(graph([tool("hang", "block", {}, { timeout_ms: 30 })]));
    expect(run.status).toBe("failed");
    expect(run.error_message).toContain("timed out after 30 ms");
    expect(probe.aborted).toEqual(["hang"]);
  });

  it("fails a node whose output cannot be stored, instead of the run's next commit", async () => {
    const h = harness();
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    const run = await h.run(graph([tool("p", "json_parse", { text: "{doc}" }, { retries: 3 }), agent("after")], "p>after"), { doc: deep });
    const steps = await h.steps(run.id);
    expect(run.status).toBe("failed");
    expect(run.error_message).toMatch(/^node 'p' \(p\) failed: the node's output cannot be stored: nested deeper than 128 levels at 0\.0\.0/);
    expect(steps.map((s) => [s.node_id, s.status, s.attempt])).toEqual([["p", "failed", 1]]);
    const shallow = await h.run(graph([tool("p", "json_parse", { text: "{doc}" })]), { doc: "[".repeat(128) + "]".repeat(128) });
    expect(shallow.status).toBe("completed");
  });

  it("a runtime expression error fails the node with a readable message", async () => {
    const h = harness();
    const run = await h.run(graph([{ id: "c", type: "condition", config: { expression: "name < 3" } }]), { name: "bob" });
    expect(run.status).toBe("failed");
    expect(run.error_message).toMatch(/node 'c' \(c\) failed: expression 'name < 3' failed: .*compare/);
  });
});

describe("run guards and cancel (SPEC §3)", () => {
  it("fails the run when the budget is exceeded", async () => {
    const h = harness();
    const g = graph([agent("a"), agent("b"), agent("c")], "a>b", "b>c");
    const run = await h.run(g, { topic: "x" }, { budget_usd: 0.00001 });
    expect(run.status).toBe("failed");
    expect(run.error_message).toMatch(/^budget exceeded: spent \$0\.0000\d+ of \$0\.000010$/);
    expect(run.cost_micros).toBeGreaterThan(10);
  });

  it("fails the run when max_tokens is exceeded", async () => {
    const h = harness();
    const run = await h.run(graph([agent("a"), agent("b")], "a>b"), {}, { max_tokens: 5 });
    expect(run.status).toBe("failed");
    expect(run.error_message).toMatch(/^token limit exceeded: used \d+ of 5 tokens$/);
    expect((await h.steps(run.id)).map((s) => s.node_id)).toEqual(["a"]);
  });

  it("fails the run when max_execution_time_ms passes, aborting in-flight work", async () => {
    const probe = Probe.blocking();
    const h = harness([probe]);
    const run = await h.run(graph([tool("hang", "block")]), {}, { max_execution_time_ms: 40 });
    expect(run.status).toBe("failed");
    expect(run.error_message).toBe("execution time limit of 40 ms exceeded");
    expect(probe.aborted).toEqual(["hang"]);
  });

  it("cancel aborts in-flight calls through their signal and fails the run", async () => {
    const probe = Probe.blocking();
    const after = new Probe("after");
    const h = harness([probe, after]);
    const { id, done } = await h.startRun(graph([tool("a", "block"), tool("b", "block"), tool("c", "after")], "a>c"));
    await until(() => probe.running === 2);
    const cancelled = h.engine.cancel(id, "alice");
    const run = await done;
    expect(await cancelled).toEqual(run);
    expect(run.status).toBe("failed");
    expect(run.error_message).toBe("cancelled by alice");
    expect(probe.aborted.sort()).toEqual(["a", "b"]);
    expect(after.calls).toHaveLength(0);
    expect((await h.steps(id)).map((s) => s.error)).toEqual(["cancelled: cancelled by alice", "cancelled: cancelled by alice"]);
  });
});

describe("errors that deserve more retries than the node asks for", () => {
  it("retries a NodeError with minRetries even when the node sets retries 0", async () => {
    const { NodeError } = await import("../errors");
    const probe = new Probe("limited", (p, n) => {
      if (n <= 2) throw new NodeError("model_error", "429 rate limited", { retryable: true, minRetries: 2, retryAfterMs: 1 });
      return p;
    });
    const h = harness([probe]);
    const run = await h.run(graph([tool("x", "limited")]));
    expect(run.status).toBe("completed");
    expect(probe.calls).toHaveLength(3);
    expect((await h.steps(run.id))[0].attempt).toBe(3);
  });
});

describe("streamed model output", () => {
  it("forwards each chunk as a live step.delta event with the step and node ids", async () => {
    const deltas: { step_id: string; node_id: string; text: string }[] = [];
    const h = harness(undefined, {
      models: {
        call: async (req) => {
          for (const chunk of ["Hel", "lo"]) req.onDelta?.(chunk);
          return { text: "Hello", usage: { tokens_in: 1, tokens_out: 1 } };
        },
      },
      events: { publish: () => undefined, delta: (e) => deltas.push(e) },
    });
    const run = await h.run(graph([agent("talk")]));
    const [step] = await h.steps(run.id);
    expect(deltas).toEqual([
      { type: "step.delta", run_id: run.id, step_id: step.id, node_id: "talk", text: "Hel" },
      { type: "step.delta", run_id: run.id, step_id: step.id, node_id: "talk", text: "lo" },
    ]);
    expect(step.output).toBe("Hello");
  });
});

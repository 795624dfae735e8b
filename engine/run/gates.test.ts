import { describe, expect, it } from "vitest";
import { EngineError } from "../errors";
import { agent, gate, graph, harness, person, Probe, sleeper, stepIds, tool, until } from "../testing/harness";
import type { Clock } from "../ports";
import { systemClock } from "./clock";

const reviewGraph = () =>
  graph(
    [
      agent("draft", { user_message: "Draft for {ticket}" }),
      gate("review", { prompt: "Send the draft for {ticket}?", fields: [{ name: "tone", type: "select", options: ["warm", "formal"], required: true }, { name: "note", type: "text" }] }),
      agent("send", { user_message: "Send in {tone} tone: {draft}" }),
    ],
    "draft>review",
    "review>send",
  );

describe("human gates (SPEC §6)", () => {
  it("parks the run: gate step waiting, run paused with the rendered prompt", async () => {
    const h = harness();
    const run = await h.run(reviewGraph(), { ticket: "T-1" });
    expect(run.status).toBe("paused");
    expect(run.pending_gate).toMatchObject({ node_id: "review", prompt: "Send the draft for T-1?" });
    const steps = await h.steps(run.id);
    expect(steps.map((s) => [s.node_id, s.status])).toEqual([["draft", "completed"], ["review", "waiting"]]);
    expect(h.events.types()).toContain("gate.pending");
    const cp = (await h.store.loadRun(run.id))!.checkpoint!;
    expect(cp.step_name).toBe("gate:review");
    expect(cp.queue.map((q) => q.node_id)).toEqual(["review"]);
  });

  it("approve records the decision, merges reviewer input and continues", async () => {
    const h = harness();
    const paused = await h.run(reviewGraph(), { ticket: "T-2" });
    const handle = await h.engine.approve(paused.id, { node_id: "review", actor: person("alice"), comment: "ok", input: { tone: "warm" } });
    const run = await handle.done;
    expect(run.status).toBe("completed");
    expect(run.output?.tone).toBe("warm");
    expect(run.output?.approval_review).toMatchObject({ approved: true, input: { tone: "warm" }, comment: "ok", actor_id: "alice", actor_name: "alice" });
    expect(String(run.output?.send)).toContain("Send in warm tone");
    const steps = await h.steps(run.id);
    expect(steps.map((s) => [s.node_id, s.status])).toEqual([["draft", "completed"], ["review", "completed"], ["send", "completed"]]);
    expect((await h.store.listCheckpoints(run.id)).map((c) => c.step_name)).toContain("resume");
  });

  it("refuses reviewer input that does not fit the form, and a decision for another gate", async () => {
    const h = harness();
    const paused = await h.run(reviewGraph(), { ticket: "T-3" });
    await expect(h.engine.approve(paused.id, { node_id: "review", actor: person("a"), input: { tone: "angry" } })).rejects.toThrow(/tone must be one of warm, formal/);
    await expect(h.engine.approve(paused.id, { node_id: "review", actor: person("a"), input: {} })).rejects.toThrow(/tone is required/);
    await expect(h.engine.approve(paused.id, { node_id: "draft", actor: person("a") })).rejects.toBeInstanceOf(EngineError);
    expect((await h.store.getRun(paused.id))?.status).toBe("paused");
  });

  it("reject fails the run naming the gate and the reviewer", async () => {
    const h = harness();
    const paused = await h.run(reviewGraph(), { ticket: "T-4" });
    const run = await h.engine.reject(paused.id, { node_id: "review", actor: person("bob"), comment: "too curt" });
    expect(run.status).toBe("failed");
    expect(run.error_message).toBe("gate 'review' (review) rejected by bob: too curt");
    expect((await h.steps(run.id)).find((s) => s.node_id === "review")?.status).toBe("failed");
  });

  it("a gate with timeout_ms that expires fails the run with 'gate timeout'", async () => {
    const h = harness();
    const run = await h.run(graph([gate("g", { timeout_ms: 20 }), agent("after")], "g>after"));
    expect(run.status).toBe("paused");
    expect(run.pending_gate?.expires_at).toBeGreaterThan(Date.now() - 1000);
    await until(async () => (await h.store.getRun(run.id))?.status === "failed");
    const failed = await h.store.getRun(run.id);
    expect(failed?.error_message).toMatch(/^gate timeout/);
    expect((await h.steps(run.id)).find((s) => s.node_id === "g")?.status).toBe("failed");
  });

  it("a gate timer that fires before the clock reaches the deadline waits again instead of giving up", async () => {
    let lagOnce = 0;
    const clock: Clock = {
      ...systemClock,
      now: () => {
        const lag = lagOnce;
        lagOnce = 0;
        return Date.now() - lag;
      },
    };
    const h = harness([], { clock });
    const run = await h.run(graph([gate("g", { timeout_ms: 10 }), agent("after")], "g>after"));
    expect(run.status).toBe("paused");
    lagOnce = 1000;
    await until(async () => (await h.store.getRun(run.id))?.status === "failed");
    expect((await h.store.getRun(run.id))?.error_message).toMatch(/^gate timeout/);
  });

  it("a gate between parallel branches parks only after in-flight siblings settle and are checkpointed", async () => {
    const slow = sleeper("slow", 40);
    const h = harness([slow]);
    const g = graph([agent("root"), gate("approve"), tool("side", "slow", { done: true }), agent("after_gate"), tool("after_side", "slow")], "root>side", "root>approve", "approve>after_gate", "side>after_side");
    const run = await h.run(g);
    expect(run.status).toBe("paused");
    const steps = await h.steps(run.id);
    expect(steps.find((s) => s.node_id === "side")?.status).toBe("completed");
    expect(stepIds(steps)).not.toContain("after_side");
    const cp = (await h.store.loadRun(run.id))!.checkpoint!;
    expect(cp.completed).toEqual(["root", "side"]);
    expect(cp.queue.map((q) => q.node_id).sort()).toEqual(["after_side", "approve"]);
    const resumed = await (await h.engine.approve(run.id, { node_id: "approve", actor: person("a") })).done;
    expect(resumed.status).toBe("completed");
    expect(slow.callsFor("side")).toHaveLength(1);
    expect(slow.callsFor("after_side")).toHaveLength(1);
  });

  it("two gates reached together are decided one after the other", async () => {
    const h = harness([new Probe()]);
    const g = graph([agent("root"), gate("g1"), gate("g2"), tool("x", "probe"), tool("y", "probe")], "root>g1", "root>g2", "g1>x", "g2>y");
    const first = await h.run(g);
    expect(first.pending_gate?.node_id).toBe("g1");
    const second = await (await h.engine.approve(first.id, { node_id: "g1", actor: person("a") })).done;
    expect(second.status).toBe("paused");
    expect(second.pending_gate?.node_id).toBe("g2");
    const done = await (await h.engine.approve(first.id, { node_id: "g2", actor: person("a") })).done;
    expect(done.status).toBe("completed");
    const steps = await h.steps(first.id);
    expect(steps.filter((s) => s.node_type === "human_gate").map((s) => s.status)).toEqual(["completed", "completed"]);
  });

  it("resume refuses a run that waits for a decision", async () => {
    const h = harness();
    const paused = await h.run(reviewGraph(), { ticket: "T" });
    await expect(h.engine.resume(paused.id)).rejects.toThrow(/waiting for approval/);
  });
});

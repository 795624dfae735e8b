/**
 * Every wait of a run goes through the clock the engine is given: with a clock moved by
 * hand, deadlines of an hour pass in no real time, and nothing fires before its moment.
 */
import { describe, expect, it } from "vitest";
import { agent, gate, graph, harness, tool, until } from "../testing/harness";
import { manualClock } from "../testing/manual-clock";

const HOUR = 3_600_000;

describe("the engine's clock port", () => {
  it("a delay of half an hour completes when the clock moves half an hour, and not a millisecond before", async () => {
    const clock = manualClock();
    const h = harness([], { clock });
    const started = Date.now();
    const { id, done } = await h.startRun(graph([tool("wait", "delay", { ms: HOUR / 2 }), agent("after")], "wait>after"));
    await clock.advance(HOUR / 2 - 1);
    expect((await h.store.getRun(id))?.status).toBe("running");
    await clock.advance(1);
    const run = await done;
    expect(run.status).toBe("completed");
    expect((await h.steps(id)).find((s) => s.node_id === "wait")?.output).toEqual({ waited_ms: HOUR / 2 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("a node's timeout fails its attempt at the clock's deadline", async () => {
    const clock = manualClock();
    const h = harness([], { clock });
    const { id, done } = await h.startRun(graph([tool("slow", "delay", { ms: HOUR }, { timeout_ms: 5_000 })]));
    await clock.advance(4_999);
    expect((await h.steps(id))[0]?.status).toBe("running");
    await clock.advance(1);
    const run = await done;
    expect(run.status).toBe("failed");
    expect((await h.steps(id))[0]?.error).toBe("timed out after 5000 ms");
  });

  it("a gate's deadline and the run's time limit are kept by the clock", async () => {
    const clock = manualClock();
    const h = harness([], { clock });
    const paused = await h.run(graph([gate("g", { timeout_ms: 24 * HOUR }), agent("after")], "g>after"));
    expect(paused.status).toBe("paused");
    await clock.advance(24 * HOUR - 1);
    expect((await h.store.getRun(paused.id))?.status).toBe("paused");
    await clock.advance(1);
    await until(async () => (await h.store.getRun(paused.id))?.status === "failed");
    expect((await h.store.getRun(paused.id))?.error_message).toMatch(/^gate timeout/);

    const { id, done } = await h.startRun(graph([tool("wait", "delay", { ms: HOUR })]), {}, { max_execution_time_ms: 60_000 });
    await clock.advance(60_000);
    const limited = await done;
    expect(limited.status).toBe("failed");
    expect(limited.error_message).toMatch(/execution time limit of 60000 ms exceeded/);
    expect((await h.steps(id))[0]?.status).not.toBe("completed");
  });
});

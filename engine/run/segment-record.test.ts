/**
 * What a segment's handle resolves to is the run as the store then holds it: the driver
 * answers from its own writes instead of reading the run back, so every way a segment ends
 * is checked against the store's copy.
 */
import { describe, expect, it } from "vitest";
import { agent, flaky, gate, graph, harness, person, sleeper, tool, until, type Harness } from "../testing/harness";
import type { RunRecord } from "../ports";

const stored = async (h: Harness, run: RunRecord) => expect(run).toEqual(await h.store.getRun(run.id));

describe("a segment's run record", () => {
  it("is the stored run when the run completes, pauses at a gate, and completes once approved", async () => {
    const h = harness();
    const g = graph([agent("draft"), gate("review", { prompt: "Send?" }), agent("send")], "draft>review", "review>send");
    const paused = await h.run(g, { ticket: "T-1" });
    expect(paused).toMatchObject({ status: "paused", pending_gate: { node_id: "review" } });
    await stored(h, paused);
    const done = await (await h.engine.approve(paused.id, { node_id: "review", actor: person("alice"), comment: "ok" })).done;
    expect(done.status).toBe("completed");
    await stored(h, done);
  });

  it("is the stored run when a node fails it, and when a resume then completes it", async () => {
    const bad = flaky("bad", 1, false);
    const h = harness([bad]);
    const failed = await h.run(graph([agent("a"), tool("b", "bad")], "a>b"));
    expect(failed).toMatchObject({ status: "failed", error_message: expect.stringContaining("boom 1") });
    await stored(h, failed);
    const resumed = await (await h.engine.resume(failed.id)).done;
    expect(resumed).toMatchObject({ status: "completed", error_message: null, finished_at: expect.any(Number) });
    await stored(h, resumed);
  });

  it("is the stored run when a cancel stops it", async () => {
    const slow = sleeper("slow", 2_000);
    const h = harness([slow]);
    const { id, done } = await h.startRun(graph([tool("s", "slow")]));
    await until(() => slow.running === 1);
    const cancelled = await h.engine.cancel(id, "bob");
    expect(cancelled).toMatchObject({ status: "failed", error_message: "cancelled by bob" });
    expect(await done).toEqual(cancelled);
    await stored(h, cancelled);
  });
});

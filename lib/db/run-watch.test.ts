import { describe, expect, it } from "vitest";
import type Database from "better-sqlite3";
import type { Graph } from "@/engine/graph/schema";
import type { StepRecord } from "@/engine/ports";
import { materializeStates } from "@/engine/store/checkpoint-codec";
import { checkpoint, newRun, step } from "@/engine/store/contract-fixtures";
import { agent, condition, flaky, gate, graph, harness, loop, merge, tool } from "@/engine/testing/harness";
import { SqliteRunStore } from "./run-store";
import { createTestDatabase, insertTestWorkflow } from "./test-database";

async function withStore(test: (store: SqliteRunStore, sqlite: Database.Database, file: string) => Promise<void>): Promise<void> {
  const database = createTestDatabase();
  try {
    insertTestWorkflow(database.sqlite, "wf");
    await test(new SqliteRunStore(database.sqlite), database.sqlite, database.file);
  } finally {
    database.close();
  }
}

const graphs: Record<string, Graph> = {
  "parallel branches, a condition and a merge": graph(
    [agent("start"), agent("left", { user_message: "{start}" }), agent("right"), condition("check", "len(left) > 0"), agent("yes"), agent("no"), merge("join"), agent("end", { user_message: "{left} {right}" })],
    "start>left", "start>right", "left>check", "check>yes:true", "check>no:false", "yes>join", "right>join", "join>end",
  ),
  "a loop": graph([agent("s"), agent("body", { user_message: "{s}" }), loop("lp", "true", 3), agent("end")], "s>body", "body>lp", "lp>body:true", "lp>end:false"),
  "retries, then a failed step": graph([tool("retried", "flaky", { n: 1 }, { retries: 2 }), tool("fails", "broken", {}, { retries: 2 })], "retried>fails"),
  "a gate that pauses the run": graph([agent("draft"), gate("review"), agent("send")], "draft>review", "review>send"),
};

describe("SqliteRunStore.watch", () => {
  for (const [name, g] of Object.entries(graphs)) {
    it(`keeps the steps and checkpoint states a read-back gives: ${name}`, async () => {
      await withStore(async (store) => {
        const h = harness([flaky("flaky", 2), flaky("broken", 99, false)], { store: store as never });
        const watch = store.watch("watched");
        const run = await h.run(g, { topic: "t" }, {}, "watched");
        expect(["completed", "failed", "paused"]).toContain(run.status);
        const kept = watch.read();
        expect(kept).not.toBeNull();
        // Strict: a field the row holds as NULL must be null here too, not absent.
        expect(kept!.steps).toStrictEqual(await store.listSteps("watched"));
        expect(materializeStates(kept!.states)).toStrictEqual(await store.listCheckpointStates("watched"));
        expect(kept!.steps.length).toBeGreaterThan(1);
        if (name.startsWith("retries")) expect(kept!.steps.map((s) => [s.status, s.attempt, s.error === null])).toEqual([["completed", 3, true], ["failed", 1, false]]);
      });
    });
  }

  it("answers null once another writer has added to the run", async () => {
    await withStore(async (store, sqlite) => {
      await store.createRun(newRun("r1", "wf"));
      const watch = store.watch("r1");
      await store.commit({ run_id: "r1", steps: [step("r1", 1)], events: [{ type: "step.started", run_id: "r1", step: step("r1", 1) }] });
      expect(watch.read()?.steps).toEqual([step("r1", 1)]);
      const other = new SqliteRunStore(sqlite);
      await other.commit({ run_id: "r1", steps: [step("r1", 2)], events: [{ type: "step.started", run_id: "r1", step: step("r1", 2) }] });
      expect(watch.read()).toBeNull();
    });
  });

  it("leaves out a write that failed in its batch, and keeps the rest of the batch", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      const watch = store.watch("r1");
      const started = step("r1", 1);
      const done = { ...started, status: "completed" as const, output: "reply", finished_at: started.started_at! + 5, duration_ms: 5 };
      const results = await Promise.allSettled([
        store.commit({ run_id: "r1", steps: [started], checkpoint: checkpoint("r1", 1, { a: 1 }, null), events: [{ type: "step.started", run_id: "r1", step: started }] }),
        // Fails: the checkpoint names another run. The whole write is undone, its step and event with it.
        store.commit({ run_id: "r1", steps: [done], checkpoint: checkpoint("other", 2, { a: 2 }, ["a"]), events: [{ type: "step.finished", run_id: "r1", step: done }] }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
      const kept = watch.read();
      expect(kept?.steps).toStrictEqual(await store.listSteps("r1"));
      expect(kept?.steps.map((s) => s.status)).toEqual(["running"]);
      expect(materializeStates(kept!.states)).toStrictEqual(await store.listCheckpointStates("r1"));
    });
  });

  it("gives a field the engine left undefined as null, as its row reads back", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      const watch = store.watch("r1");
      const sparse = { ...step("r1", 1), output: undefined, error: undefined, model: undefined, finished_at: undefined, duration_ms: undefined } as unknown as StepRecord;
      await store.commit({ run_id: "r1", steps: [sparse], events: [{ type: "step.started", run_id: "r1", step: sparse }] });
      expect(watch.read()?.steps).toStrictEqual(await store.listSteps("r1"));
    });
  });

  it("stops keeping the run after stop(): a later write makes what it kept stale", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      const watch = store.watch("r1");
      await store.commit({ run_id: "r1", steps: [step("r1", 1)], events: [{ type: "step.started", run_id: "r1", step: step("r1", 1) }] });
      watch.stop();
      await store.commit({ run_id: "r1", steps: [step("r1", 2)], events: [{ type: "step.started", run_id: "r1", step: step("r1", 2) }] });
      expect(watch.read()).toBeNull();
    });
  });
});

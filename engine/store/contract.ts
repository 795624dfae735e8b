/**
 * The RunStore contract: one vitest suite every {@link RunStore} implementation must pass
 * (the in-memory store here, the SQLite store in lib/db). It builds records by hand, so a
 * store is checked against the port alone, not against what today's engine happens to do.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineEvent, RunPatch, RunStore, State } from "../ports";
import { engineErrorCode } from "../errors";
import { checkpoint, contractGraph, meta, newRun, snapshot, statusEvent, step } from "./contract-fixtures";

export interface ContractContext {
  store: RunStore;
  /** Make `workflowId` exist where the store needs a parent row for runs. */
  prepareWorkflow?(workflowId: string): Promise<void>;
  close(): Promise<void>;
  /**
   * A store with leases (RunWrite.fence): gives the run's lease to `holder`, as a claim or a
   * takeover by another process would. Left out, the fence section is not run.
   */
  leaseTo?(runId: string, holder: string): Promise<void>;
}

/** Register the contract suite for one store; `setup` runs once for the whole suite. */
export function runStoreContract(name: string, setup: () => Promise<ContractContext>): void {
  describe(`RunStore contract: ${name}`, () => {
    let ctx: ContractContext;
    let counter = 0;
    beforeAll(async () => {
      ctx = await setup();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    /** A fresh run (and workflow) per test. */
    async function started(): Promise<{ store: RunStore; runId: string }> {
      counter += 1;
      const workflowId = `wf-${counter}`;
      await ctx.prepareWorkflow?.(workflowId);
      const runId = `run-${counter}`;
      await ctx.store.createRun(newRun(runId, workflowId));
      return { store: ctx.store, runId };
    }

    it("creates a pending run with zero totals and no checkpoint", async () => {
      const { store, runId } = await started();
      const expected = newRun(runId, `wf-${counter}`);
      const run = await store.getRun(runId);
      expect(run).toEqual({
        id: runId, workflow_id: expected.workflow_id, workflow_version: 1, status: "pending", input: expected.input,
        options: expected.options, output: null, cost_micros: 0, tokens_in: 0, tokens_out: 0, node_executions: 0,
        duration_ms: null, error_message: null, pending_gate: null, created_at: expected.created_at, started_at: null, finished_at: null,
        triggered_by: expected.triggered_by,
      });
      const loaded = await store.loadRun(runId);
      expect(loaded).toEqual({ run, graph: contractGraph, checkpoint: null, open_steps: [], last_step_seq: 0, last_event_seq: 0 });
      expect(await store.listSteps(runId)).toEqual([]);
      expect(await store.listCheckpoints(runId)).toEqual([]);
      expect(await store.listEvents(runId, 0)).toEqual([]);
      expect(await store.getCheckpoint(runId, 0)).toBeNull();
    });

    it("answers null or empty for unknown run ids and refuses writes to them", async () => {
      const { store } = await started();
      expect(await store.getRun("nope")).toBeNull();
      expect(await store.loadRun("nope")).toBeNull();
      expect(await store.listSteps("nope")).toEqual([]);
      expect(await store.listCheckpoints("nope")).toEqual([]);
      expect(await store.getCheckpoint("nope", 1)).toBeNull();
      expect(await store.listEvents("nope", 0)).toEqual([]);
      await expect(store.commit({ run_id: "nope", run: { status: "running" } })).rejects.toThrow();
    });

    it("inserts steps, replaces them by id, and reports open steps and the last seq", async () => {
      const { store, runId } = await started();
      await store.commit({ run_id: runId, steps: [step(runId, 1), step(runId, 2, { status: "waiting", node_type: "human_gate" })] });
      const done = step(runId, 1, { status: "completed", output: { answer: [1, "two"] }, cost_micros: 1234, tokens_in: 10, tokens_out: 20, finished_at: 1_764_547_209_999, duration_ms: 42 });
      await store.commit({ run_id: runId, steps: [done, step(runId, 3, { status: "failed", error: "boom", attempt: 3, model: null })] });
      const steps = await store.listSteps(runId);
      expect(steps.map((s) => s.seq)).toEqual([1, 2, 3]);
      expect(steps[0]).toEqual(done);
      expect(steps[2]).toEqual(step(runId, 3, { status: "failed", error: "boom", attempt: 3, model: null }));
      const loaded = await store.loadRun(runId);
      expect(loaded?.open_steps).toEqual([step(runId, 2, { status: "waiting", node_type: "human_gate" })]);
      expect(loaded?.last_step_seq).toBe(3);
    });

    it("applies run patches field by field, keeping what a patch leaves out: the run is exactly the one before with the patch's fields", async () => {
      const { store, runId } = await started();
      // The engine's driver relies on this: a segment answers with its own record, the run as read with its patches applied, not read back.
      let expected = (await store.getRun(runId))!;
      const apply = async (patch: RunPatch) => {
        await store.commit({ run_id: runId, run: patch });
        expected = { ...expected, ...patch };
        expect(await store.getRun(runId)).toEqual(expected);
      };
      await apply({ status: "running", started_at: 1_764_547_300_000, cost_micros: 5, tokens_in: 7 });
      const gate = { node_id: "approve", prompt: "ok?", fields: [{ name: "why", type: "text" as const }], expires_at: 1_764_547_999_000 };
      await apply({ status: "paused", pending_gate: gate, node_executions: 3 });
      expect(expected).toMatchObject({ status: "paused", started_at: 1_764_547_300_000, cost_micros: 5, tokens_in: 7, tokens_out: 0, node_executions: 3, pending_gate: gate });
      await apply({ status: "completed", pending_gate: null, output: { answer: "42", nested: { list: [1, "two", null] } }, finished_at: 1_764_547_400_000, duration_ms: 100_000, error_message: null, cost_micros: 9 });
      await apply({ status: "failed", error_message: "budget exceeded" });
      await apply({ status: "running", error_message: null, finished_at: null, started_at: 1_764_547_300_000, options: { budget_usd: 2 } });
      expect(expected).toMatchObject({ status: "running", error_message: null, output: { answer: "42" }, tokens_in: 7, options: { budget_usd: 2 } });
    });

    it("numbers events per run in commit order and replays them after a seq", async () => {
      const { store, runId } = await started();
      const other = await started();
      const first = await store.commit({ run_id: runId, events: [statusEvent(runId, "running"), statusEvent(runId, "running", 1)] });
      await store.commit({ run_id: other.runId, events: [statusEvent(other.runId, "running")] });
      const second = await store.commit({ run_id: runId, steps: [step(runId, 1)], events: [{ type: "step.started", run_id: runId, step: step(runId, 1) }] });
      expect(first.map((e) => [e.seq, e.type, e.run_id])).toEqual([[1, "run.status", runId], [2, "run.status", runId]]);
      expect(first[1].data).toEqual(statusEvent(runId, "running", 1));
      expect(typeof first[0].created_at).toBe("number");
      expect(second.map((e) => e.seq)).toEqual([3]);
      expect(second[0].data).toEqual({ type: "step.started", run_id: runId, step: step(runId, 1) });
      expect(await store.listEvents(runId, 0)).toEqual([...first, ...second]);
      expect(await store.listEvents(runId, 2)).toEqual(second);
      expect(await store.listEvents(runId, 3)).toEqual([]);
      expect((await store.listEvents(other.runId, 0)).map((e) => e.seq)).toEqual([1]);
      expect((await store.loadRun(runId))?.last_event_seq).toBe(3);
      expect(await store.commit({ run_id: runId, run: { status: "running" } })).toEqual([]);
    });

    it("round-trips checkpoints exactly through full snapshots and many deltas", async () => {
      const { store, runId } = await started();
      const state: State = { input: { question: "why?" }, question: "why?", __loop_l1: 0 };
      const completed: string[] = [];
      const expected = [snapshot(checkpoint(runId, 0, state, null))];
      await store.commit({ run_id: runId, checkpoint: checkpoint(runId, 0, state, null) });
      for (let seq = 1; seq <= 200; seq++) {
        const changed = [`k${seq % 23}`, "__loop_l1"];
        state[`k${seq % 23}`] = seq % 5 === 0 ? [seq, { deep: "x".repeat(seq % 60) }] : `value ${seq} ${"y".repeat(seq % 90)}`;
        state.__loop_l1 = seq;
        if (seq % 9 === 0) {
          delete state[`k${(seq + 4) % 23}`];
          changed.push(`k${(seq + 4) % 23}`);
        }
        if (seq === 120) state.input = { question: "changed without being listed" };
        completed.push(`node${seq}`);
        const cp = checkpoint(runId, seq, state, seq === 120 ? null : changed, completed);
        expected.push(snapshot(cp));
        await store.commit({ run_id: runId, checkpoint: cp });
      }
      const strip = ({ changed: _changed, ...record }: ReturnType<typeof checkpoint>) => record;
      for (const cp of expected) expect(await store.getCheckpoint(runId, cp.seq)).toEqual(strip(cp));
      expect(await store.listCheckpoints(runId)).toEqual(expected.map(strip));
      expect((await store.loadRun(runId))?.checkpoint).toEqual(strip(expected[200]));
      expect(await store.getCheckpoint(runId, 201)).toBeNull();
    });

    it("keeps what was committed even when the caller's objects change afterwards", async () => {
      const { store, runId } = await started();
      const state: State = { list: [1, 2], obj: { a: 1 } };
      const s = step(runId, 1, { output: { items: ["a"] } });
      const event = statusEvent(runId, "running") as Extract<EngineEvent, { type: "run.status" }>;
      const patch = { status: "running" as const, output: { x: [1] } };
      const cp = checkpoint(runId, 0, state, null, ["a"]);
      await store.commit({ run_id: runId, steps: [s], checkpoint: cp, run: patch, events: [event] });
      (state.list as number[]).push(3);
      (state.obj as Record<string, number>).a = 2;
      cp.completed.push("b");
      cp.meta.marks.check = { e9: "dead" };
      (s.output as { items: string[] }).items.push("b");
      s.status = "failed";
      event.cost_micros = 777;
      patch.output.x.push(2);
      const stored = await store.getCheckpoint(runId, 0);
      expect(stored?.state).toEqual({ list: [1, 2], obj: { a: 1 } });
      expect(stored?.completed).toEqual(["a"]);
      expect(stored?.meta).toEqual(meta(0));
      expect(await store.listSteps(runId)).toEqual([step(runId, 1, { output: { items: ["a"] } })]);
      expect((await store.listEvents(runId, 0))[0].data).toEqual(statusEvent(runId, "running"));
      expect((await store.getRun(runId))?.output).toEqual({ x: [1] });
      const read = await store.getCheckpoint(runId, 0);
      (read?.state.list as number[]).push(4);
      expect((await store.getCheckpoint(runId, 0))?.state.list).toEqual([1, 2]);
    });

    it("applies nothing of a failing write and rejects it", async () => {
      const { store, runId } = await started();
      const big = "k".repeat(2000);
      await store.commit({ run_id: runId, checkpoint: checkpoint(runId, 1, { a: 1, big }, null, ["n1", "n0"]), events: [statusEvent(runId, "running")] });
      const failing = store.commit({
        run_id: runId,
        steps: [step(runId, 1)],
        run: { status: "failed", cost_micros: 50 },
        events: [statusEvent(runId, "failed")],
        checkpoint: checkpoint(runId, 1, { a: 2, big }, ["a"], ["n1"]),
      });
      await expect(failing).rejects.toThrow();
      expect(await store.listSteps(runId)).toEqual([]);
      expect(await store.getRun(runId)).toMatchObject({ status: "pending", cost_micros: 0 });
      expect((await store.listEvents(runId, 0)).map((e) => e.seq)).toEqual([1]);
      expect((await store.getCheckpoint(runId, 1))?.state).toEqual({ a: 1, big });
      const next = await store.commit({ run_id: runId, events: [statusEvent(runId, "running", 3)], checkpoint: checkpoint(runId, 2, { a: 3, big }, ["a"], ["n1", "n0", "n2"]) });
      expect(next.map((e) => e.seq)).toEqual([2]);
      const latest = (await store.loadRun(runId))?.checkpoint;
      expect(latest?.state).toEqual({ a: 3, big });
      expect(latest?.completed).toEqual(["n1", "n0", "n2"]);
    });

    it("applies a run's writes in call order when commits are not awaited; after a failed one, refuses the run's later writes of that turn", async () => {
      const { store, runId } = await started();
      const other = await started();
      const calls: Promise<unknown>[] = [];
      for (let i = 1; i <= 40; i++) {
        const state = { counter: i, pad: "p".repeat(i) };
        calls.push(store.commit({
          run_id: runId,
          steps: [step(runId, 1, { output: i })],
          run: { cost_micros: i },
          events: [statusEvent(runId, "running", i)],
          checkpoint: checkpoint(runId, i, state, i === 1 ? null : ["counter", "pad"]),
        }));
        calls.push(store.commit({ run_id: other.runId, events: [statusEvent(other.runId, "running", i)] }));
        if (i === 20) calls.push(store.commit({ run_id: runId, events: [statusEvent(runId, "failed")], checkpoint: checkpoint(runId, 3, {}, null) }));
      }
      const settled = await Promise.allSettled(calls);
      const refused = settled.flatMap((r, i) => (r.status === "rejected" ? [i] : []));
      // The duplicate checkpoint (call 40), then the run's twenty writes after it; none of the other run's.
      expect(refused).toEqual([40, ...Array.from({ length: 20 }, (_, k) => 41 + 2 * k)]);
      expect(String((settled[41] as PromiseRejectedResult).reason)).toMatch(new RegExp(`an earlier write of run ${runId} in the same commit failed`));
      expect((await store.getRun(runId))?.cost_micros).toBe(20);
      expect((await store.listSteps(runId))[0].output).toBe(20);
      const events = await store.listEvents(runId, 0);
      expect(events.map((e) => (e.data.type === "run.status" ? e.data.cost_micros : -1))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await store.listEvents(other.runId, 0)).length).toBe(40);
      expect((await store.loadRun(runId))?.checkpoint?.state).toEqual({ counter: 20, pad: "p".repeat(20) });
      // A later turn's write applies, and reads the run as it stood.
      await store.commit({ run_id: runId, run: { cost_micros: 99 }, checkpoint: checkpoint(runId, 21, { counter: 21, pad: "q" }, ["counter", "pad"]) });
      expect((await store.getRun(runId))?.cost_micros).toBe(99);
      expect((await store.loadRun(runId))?.checkpoint?.state).toEqual({ counter: 21, pad: "q" });
      expect((await store.getCheckpoint(runId, 20))?.state).toEqual({ counter: 20, pad: "p".repeat(20) });
    });

    describe("fenced writes (stores with leases)", () => {
      const lost = (p: Promise<unknown>) => p.then(() => "applied", (err: unknown) => engineErrorCode(err) ?? String(err));

      it("applies a write only while the run's lease is its fence's, and a refused one changes nothing", async (t) => {
        if (!ctx.leaseTo) return t.skip();
        const { store, runId } = await started();
        await ctx.leaseTo(runId, "process-a");
        await store.commit({ run_id: runId, fence: "process-a", steps: [step(runId, 1)], run: { status: "running" }, events: [statusEvent(runId, "running")], checkpoint: checkpoint(runId, 0, { n: 0 }, null) });
        const before = { run: await store.getRun(runId), steps: await store.listSteps(runId), checkpoints: await store.listCheckpoints(runId), events: await store.listEvents(runId, 0) };

        // Another process took the run over; what the first one still had in flight is refused whole.
        await ctx.leaseTo(runId, "process-b");
        const stale = store.commit({
          run_id: runId, fence: "process-a", steps: [step(runId, 1, { status: "completed", output: "stale" })],
          run: { status: "completed", output: { stale: true } }, events: [statusEvent(runId, "completed")], checkpoint: checkpoint(runId, 1, { n: 1 }, ["n"]),
        });
        expect(await lost(stale)).toBe("lease_lost");
        expect({ run: await store.getRun(runId), steps: await store.listSteps(runId), checkpoints: await store.listCheckpoints(runId), events: await store.listEvents(runId, 0) }).toEqual(before);

        // The new holder's write applies, numbered on from what is stored.
        const fresh = await store.commit({ run_id: runId, fence: "process-b", events: [statusEvent(runId, "running", 1)], checkpoint: checkpoint(runId, 1, { n: 2 }, ["n"]) });
        expect(fresh.map((e) => e.seq)).toEqual([2]);
        expect((await store.loadRun(runId))?.checkpoint?.state).toEqual({ n: 2 });
      });

      it("refuses only the fenced-out run's writes of a commit, and checks each run once per commit", async (t) => {
        if (!ctx.leaseTo) return t.skip();
        const a = await started();
        const b = await started();
        await ctx.leaseTo(a.runId, "process-b");
        await ctx.leaseTo(b.runId, "process-a");
        const store = a.store;
        // One event-loop turn: a's writes are fenced out; b's settle (dropping its lease) and go on in the same commit.
        const calls = [
          store.commit({ run_id: a.runId, fence: "process-a", events: [statusEvent(a.runId, "running")] }),
          store.commit({ run_id: b.runId, fence: "process-a", steps: [step(b.runId, 1)], events: [statusEvent(b.runId, "running")] }),
          store.commit({ run_id: a.runId, fence: "process-a", steps: [step(a.runId, 1)] }),
          store.commit({ run_id: b.runId, fence: "process-a", run: { status: "completed", finished_at: 1_764_547_400_000 }, events: [statusEvent(b.runId, "completed")] }),
          store.commit({ run_id: b.runId, fence: "process-a", events: [statusEvent(b.runId, "completed", 1)] }),
        ];
        const outcomes = await Promise.all(calls.map(lost));
        expect(outcomes[0]).toBe("lease_lost");
        expect(outcomes[2]).not.toBe("applied");
        expect([outcomes[1], outcomes[3], outcomes[4]]).toEqual(["applied", "applied", "applied"]);
        expect(await store.listEvents(a.runId, 0)).toEqual([]);
        expect(await store.listSteps(a.runId)).toEqual([]);
        expect((await store.listEvents(b.runId, 0)).map((e) => e.seq)).toEqual([1, 2, 3]);
        expect((await store.getRun(b.runId))?.status).toBe("completed");
        // The next commit checks again: b's lease went with its settling write.
        expect(await lost(store.commit({ run_id: b.runId, fence: "process-a", events: [statusEvent(b.runId, "completed", 2)] }))).toBe("lease_lost");
        // Unfenced writes (no lease in play) apply whoever holds the lease.
        expect(await lost(store.commit({ run_id: a.runId, events: [statusEvent(a.runId, "running", 3)] }))).toBe("applied");
      });
    });
  });
}

import { describe, expect, it } from "vitest";
import type { PendingGateView, RunDetail, StepView } from "@/lib/client/run-types";
import { applyEvent, applyEvents, axisTicks, barOf, fromDetail, growsWithClock, mergeInputs, niceSpan, nodeStatuses, orderedSteps, stepTotals, timeAxis, withStepInput, type RunEvent } from "./run-state";

const step = (over: Partial<StepView>): StepView => ({
  id: "s1", seq: 1, node_id: "a", node_type: "tool", status: "running", input: undefined, output: null, error: null,
  cost_usd: 0, tokens_in: 0, tokens_out: 0, model: null, attempt: 1, idempotency_key: "r1:a:1", started_at: "2026-01-01T00:00:00.000Z", finished_at: null, duration_ms: null,
  ...over,
});

const detail = (steps: StepView[] = []): RunDetail => ({
  id: "r1", workflow_id: "w1", workflow_name: "W", workflow_version: 2, status: "running", input: {}, output: null, options: {}, cost_usd: 0, tokens_in: 0, tokens_out: 0,
  node_executions: 0, duration_ms: null, error_message: null, pending_gate: null, triggered_by: null, created_at: "2026-01-01T00:00:00.000Z", started_at: "2026-01-01T00:00:00.000Z", finished_at: null, steps,
  spend: { cost_usd: 0, tokens_in: 0, tokens_out: 0, by_model: [], by_node: [] },
});

describe("axisTicks", () => {
  it("labels round whole milliseconds, three to six of them (from a 3 ms span), never past the span", () => {
    expect(axisTicks(455)).toEqual([0, 100, 200, 300, 400]);
    expect(axisTicks(353)).toEqual([0, 100, 200, 300]);
    expect(axisTicks(1500)).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000]);
    expect(axisTicks(8000)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0)).toEqual([0]);
    for (const span of [3, 7, 99, 101, 455, 999, 1001, 12345, 3_600_000, 86_400_000 * 3]) {
      const ticks = axisTicks(span);
      expect(ticks.length, String(span)).toBeGreaterThanOrEqual(3);
      expect(ticks.length, String(span)).toBeLessThanOrEqual(6);
      expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(span);
    }
  });
});

describe("niceSpan", () => {
  it("rounds up to 1, 1.5, 2, 3, 4, 5, 6 or 8 times a power of ten", () => {
    expect([0, 1, 7, 11, 999, 1000, 1001, 2001, 4500, 5001, 7000, 8001, 12345].map(niceSpan)).toEqual([1, 1, 8, 15, 1000, 1000, 1500, 3000, 5000, 6000, 8000, 10000, 15000]);
  });
});

describe("applyEvent", () => {
  it("adds a started step, then updates it in place when it finishes, keeping its fetched input", () => {
    let s = fromDetail(detail([step({ id: "s0", seq: 1, input: { x: 1 }, status: "completed" })]));
    s = applyEvent(s, { type: "step.started", seq: 3, data: { run_id: "r1", step: step({ id: "s0", seq: 1, status: "running" }) } });
    expect(s.steps.s0.input).toEqual({ x: 1 });
    s = applyEvent(s, { type: "step.started", seq: 4, data: { run_id: "r1", step: step({ id: "s2", seq: 2 }) } });
    expect(orderedSteps(s).map((x) => x.id)).toEqual(["s0", "s2"]);
    s = applyEvent(s, { type: "step.finished", seq: 5, data: { run_id: "r1", step: step({ id: "s2", seq: 2, status: "completed", cost_usd: 0.000012 }) } });
    expect(s.steps.s2.status).toBe("completed");
    expect(s.lastSeq).toBe(5);
  });

  it("ignores an event it has already seen (a reconnect's replay)", () => {
    let s = fromDetail(detail());
    s = applyEvent(s, { type: "step.finished", seq: 7, data: { run_id: "r1", step: step({ status: "completed" }) } });
    const again = applyEvent(s, { type: "step.started", seq: 6, data: { run_id: "r1", step: step({ status: "running" }) } });
    expect(again).toBe(s);
    expect(again.steps.s1.status).toBe("completed");
  });

  it("takes status, totals and the pending gate from run.status, and stamps the finish", () => {
    let s = fromDetail(detail());
    const gate: PendingGateView = { node_id: "g", prompt: "ok?", approvers: { roles: ["approver", "admin"], users: [] }, required_approvals: 1, allow_self_approval: false, approvals: [] };
    s = applyEvent(s, { type: "gate.pending", seq: 1, data: { run_id: "r1", step_id: "s1", gate } });
    expect(s.run.pending_gate).toEqual(gate);
    s = applyEvent(s, { type: "run.status", seq: 2, data: { run_id: "r1", status: "failed", error_message: "boom", cost_usd: 0.5, tokens_in: 3, tokens_out: 4, duration_ms: 90, pending_gate: null, at: "2026-01-01T00:00:01.000Z" } });
    expect(s.run).toMatchObject({ status: "failed", error_message: "boom", cost_usd: 0.5, pending_gate: null, finished_at: "2026-01-01T00:00:01.000Z" });
  });

  it("keeps what the fetch said of the viewer when the replay reports the same gate, not another's", () => {
    const gate: PendingGateView = { node_id: "g", prompt: "ok?", approvers: { roles: ["approver", "admin"], users: [] }, required_approvals: 2, allow_self_approval: false, approvals: [] };
    const asFetched = { ...gate, may_decide: true, may_reject: true, decide_refusal: null };
    let s = fromDetail({ ...detail(), status: "paused", pending_gate: asFetched });
    const approval = { actor_id: "u2", actor_name: "Bo", actor_type: "user", comment: null, input: {}, at: "2026-01-01T00:00:01.000Z" };
    s = applyEvent(s, { type: "gate.pending", seq: 1, data: { run_id: "r1", step_id: "s1", gate: { ...gate, approvals: [approval] } } });
    expect(s.run.pending_gate).toEqual({ ...asFetched, approvals: [approval] });
    s = applyEvent(s, { type: "run.status", seq: 2, data: { run_id: "r1", status: "paused", error_message: null, cost_usd: 0, tokens_in: 0, tokens_out: 0, duration_ms: 5, pending_gate: gate, at: null } });
    expect(s.run.pending_gate?.may_decide).toBe(true);
    const other = { ...gate, node_id: "h" };
    s = applyEvent(s, { type: "gate.pending", seq: 3, data: { run_id: "r1", step_id: "s2", gate: other } });
    expect(s.run.pending_gate).toEqual(other);
  });

  it("keeps what the fetch said of the viewer through the replay from the run's start, when the gate was not there yet", () => {
    const gate: PendingGateView = { node_id: "g", prompt: "ok?", approvers: { roles: ["approver", "admin"], users: [] }, required_approvals: 1, allow_self_approval: false, approvals: [] };
    const asFetched = { ...gate, may_decide: false, may_reject: true, decide_refusal: "you triggered this run, and this gate does not allow self-approval" };
    const fetched = fromDetail({ ...detail(), status: "paused", pending_gate: asFetched });
    const status = (seq: number, st: "running" | "paused", pending_gate: PendingGateView | null): RunEvent => ({
      type: "run.status", seq, data: { run_id: "r1", status: st, error_message: null, cost_usd: 0, tokens_in: 0, tokens_out: 0, duration_ms: 1, pending_gate, at: null },
    });
    const replay: RunEvent[] = [status(1, "running", null), { type: "gate.pending", seq: 2, data: { run_id: "r1", step_id: "s1", gate } }, status(3, "paused", gate)];
    // All in one frame, or a frame each (a replay split across reads of the stream).
    expect(applyEvents(fetched, replay).run.pending_gate).toEqual(asFetched);
    const oneByOne = replay.reduce((s, e) => applyEvents(s, [e]), fetched);
    expect(oneByOne.run.pending_gate).toEqual(asFetched);
  });

  it("appends streamed text per step without touching the seq", () => {
    let s = fromDetail(detail());
    s = applyEvent(s, { type: "step.delta", data: { type: "step.delta", run_id: "r1", step_id: "s1", node_id: "a", text: "Hel" } });
    s = applyEvent(s, { type: "step.delta", data: { type: "step.delta", run_id: "r1", step_id: "s1", node_id: "a", text: "lo" } });
    expect(s.deltas.s1).toBe("Hello");
    expect(s.lastSeq).toBe(0);
  });
});

describe("derived figures", () => {
  it("sums step costs without float drift", () => {
    const steps = [0.1, 0.2, 0.000001].map((c, i) => step({ id: `s${i}`, cost_usd: c, tokens_in: 1, tokens_out: 2 }));
    expect(stepTotals(steps)).toEqual({ cost_usd: 0.300001, tokens_in: 3, tokens_out: 6 });
  });

  it("colours a node by its latest execution", () => {
    const steps = [step({ id: "x", seq: 1, status: "completed" }), step({ id: "y", seq: 4, status: "failed" }), step({ id: "z", seq: 2, node_id: "b", status: "skipped" })];
    expect(nodeStatuses(steps)).toEqual({ a: "failed", b: "skipped" });
  });

  it("lays bars on a shared axis; a running step grows to now", () => {
    const t0 = Date.parse("2026-01-01T00:00:00.000Z");
    const done = step({ id: "d", status: "completed", started_at: new Date(t0).toISOString(), finished_at: new Date(t0 + 500).toISOString() });
    const running = step({ id: "r", started_at: new Date(t0 + 500).toISOString() });
    const run = fromDetail(detail()).run;
    const axis = timeAxis(run, [done, running], t0 + 1000);
    expect(axis).toEqual({ start: t0, end: t0 + 1000 });
    // While live the axis ends at the next round span, and holds there as the clock ticks.
    expect(timeAxis(run, [done, running], t0 + 1001)).toEqual({ start: t0, end: t0 + 1500 });
    expect(timeAxis(run, [done, running], t0 + 1499)).toEqual({ start: t0, end: t0 + 1500 });
    expect(timeAxis({ ...run, status: "completed", finished_at: new Date(t0 + 1234).toISOString() }, [done], t0 + 9000)).toEqual({ start: t0, end: t0 + 1234 });
    expect(barOf(done, axis.start, t0 + 1000)).toEqual({ offset: 0, length: 500 });
    expect(barOf(running, axis.start, t0 + 1000)).toEqual({ offset: 500, length: 500 });
    expect(barOf(running, axis.start, t0 + 1700)).toEqual({ offset: 500, length: 1200 });
    expect(barOf(step({ started_at: null }), axis.start, t0)).toBeNull();
    expect([done, running].map(growsWithClock)).toEqual([false, true]);
    expect(growsWithClock(step({ status: "waiting" }))).toBe(true);
  });

  it("merges fetched inputs without rolling back a newer live status", () => {
    let s = fromDetail(detail());
    s = applyEvent(s, { type: "step.finished", seq: 2, data: { run_id: "r1", step: step({ status: "completed" }) } });
    s = mergeInputs(s, detail([step({ status: "running", input: { q: 1 }, idempotency_key: "r1:a:1" })]));
    expect(s.steps.s1).toMatchObject({ status: "completed", input: { q: 1 }, idempotency_key: "r1:a:1" });
  });

  it("folds a batch of events as applying them one by one does", () => {
    const events: RunEvent[] = [
      { type: "step.started", seq: 1, data: { run_id: "r1", step: step({ id: "a", seq: 1, status: "running" }) } },
      { type: "step.started", seq: 2, data: { run_id: "r1", step: step({ id: "b", seq: 2, status: "running" }) } },
      { type: "step.delta", data: { type: "step.delta", run_id: "r1", step_id: "b", node_id: "b", text: "hel" } },
      { type: "step.finished", seq: 3, data: { run_id: "r1", step: step({ id: "a", seq: 1, status: "completed", output: "x" }) } },
      { type: "step.finished", seq: 2, data: { run_id: "r1", step: step({ id: "b", seq: 2, status: "failed" }) } }, // a replayed one: ignored
      { type: "run.status", seq: 4, data: { run_id: "r1", status: "completed", error_message: null, cost_usd: 0.1, tokens_in: 1, tokens_out: 2, duration_ms: 5, pending_gate: null, at: "2026-12-02T10:00:00.000Z" } },
      { type: "step.delta", data: { type: "step.delta", run_id: "r1", step_id: "a", node_id: "a", text: "x" } },
      { type: "step.delta", data: { type: "step.delta", run_id: "r1", step_id: "b", node_id: "b", text: "lo" } },
      { type: "step.finished", seq: 5, data: { run_id: "r1", step: step({ id: "b", seq: 2, status: "completed" }) } },
    ];
    const start = fromDetail(detail([step({ id: "a", seq: 1, status: "pending", input: { k: 1 } })]));
    const one = events.reduce(applyEvent, start);
    const batch = applyEvents(start, events);
    expect(batch).toEqual(one);
    expect(batch.steps.a).toMatchObject({ status: "completed", input: { k: 1 } });
    expect(start.steps.a.status).toBe("pending");
    expect(batch.deltas).toEqual({ a: "x", b: "hello" });
    expect(start.deltas).toEqual({});
    // Seen again (a reconnect's replay), seq'd events change nothing.
    expect(applyEvents(batch, events.filter((e) => e.type !== "step.delta"))).toBe(batch);
  });

  it("keeps an input loaded on demand when a later fetch comes without inputs", () => {
    let s = fromDetail(detail([step({ status: "completed", input: undefined })]));
    expect(s.steps.s1.input).toBeUndefined();
    s = withStepInput(s, step({ status: "completed", input: { q: 2 } }));
    expect(s.steps.s1.input).toEqual({ q: 2 });
    s = mergeInputs(s, detail([step({ status: "completed", input: undefined })]));
    expect(s.steps.s1.input).toEqual({ q: 2 });
    // A step without a stored input is loaded as null, not left loading.
    expect(withStepInput(s, step({ input: null })).steps.s1.input).toBeNull();
    expect(withStepInput(s, step({ id: "unknown" }))).toBe(s);
  });
});

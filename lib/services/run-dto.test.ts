import { describe, expect, it } from "vitest";
import type { RunRecord, StepRecord, StoredEvent } from "@/engine/ports";
import { toEventData, toGateDto, toRunDto, toStepDto } from "./run-dto";

const step = (over: Partial<StepRecord> = {}): StepRecord => ({
  id: "r-1", run_id: "r", seq: 1, node_id: "a", node_type: "agent", status: "completed", input_checkpoint: 1, output: "hi", error: null,
  cost_micros: 1234, tokens_in: 10, tokens_out: 5, model: "mock", attempt: 1, idempotency_key: "r:a:1",
  started_at: Date.UTC(2026, 0, 1), finished_at: Date.UTC(2026, 0, 1, 0, 0, 1), duration_ms: 1000, ...over,
});

const run: RunRecord = {
  id: "r", workflow_id: "w", workflow_version: 2, status: "completed", input: { q: 1 }, options: {}, output: { q: 1, __loop_x: 3 },
  cost_micros: 2468, tokens_in: 20, tokens_out: 10, node_executions: 2, duration_ms: 5, error_message: null,
  pending_gate: { node_id: "g", prompt: "ok?", expires_at: Date.UTC(2026, 0, 2) }, created_at: Date.UTC(2026, 0, 1), started_at: null, finished_at: null,
};

describe("run DTOs", () => {
  it("shows money in USD with 6 decimals, ISO times, and no internal keys", () => {
    const dto = toRunDto(run, "Flow", [step(), step({ id: "r-2", seq: 2, node_id: "b", output: { ok: 1, __x: 2 } })], () => ({ q: 1 }));
    expect(dto).toMatchObject({ cost_usd: 0.002468, workflow_name: "Flow", output: { q: 1 }, created_at: "2026-01-01T00:00:00.000Z", started_at: null });
    // A gate parked before gates named approvers: decided as the defaults say.
    const defaults = { approvers: { roles: ["approver", "admin"], users: [] }, required_approvals: 1, allow_self_approval: false, approvals: [] };
    expect(dto.pending_gate).toEqual({ node_id: "g", prompt: "ok?", expires_at: "2026-01-02T00:00:00.000Z", ...defaults });
    expect(dto.steps[0]).toMatchObject({ cost_usd: 0.001234, input: { q: 1 }, started_at: "2026-01-01T00:00:00.000Z" });
    expect(dto.steps[1].output).toEqual({ ok: 1 });
    expect(dto.spend).toMatchObject({ cost_usd: 0.002468, by_model: [{ key: "mock", cost_usd: 0.002468, steps: 2 }] });
    expect(JSON.stringify(dto)).not.toContain("__");
  });

  it("omits the input of steps in events and converts run.status totals", () => {
    expect(toStepDto(step())).not.toHaveProperty("input");
    const stored = (data: StoredEvent["data"]): StoredEvent => ({ run_id: "r", seq: 3, type: data.type, data, created_at: Date.UTC(2026, 0, 1) });
    expect(toEventData(stored({ type: "step.finished", run_id: "r", step: step() }))).toEqual({ run_id: "r", step: expect.not.objectContaining({ input: expect.anything() }) });
    const status = toEventData(stored({ type: "run.status", run_id: "r", status: "paused", error_message: null, cost_micros: 1_500_000, tokens_in: 1, tokens_out: 2, duration_ms: null, pending_gate: { node_id: "g", prompt: "p" } }));
    expect(status).toEqual({ run_id: "r", status: "paused", error_message: null, cost_usd: 1.5, tokens_in: 1, tokens_out: 2, duration_ms: null, pending_gate: { node_id: "g", prompt: "p", approvers: { roles: ["approver", "admin"], users: [] }, required_approvals: 1, allow_self_approval: false, approvals: [] }, at: "2026-01-01T00:00:00.000Z" });
    // A status the engine timed says when it happened (the run's finished_at), not when it was stored.
    const finished = toEventData(stored({ type: "run.status", run_id: "r", status: "completed", error_message: null, cost_micros: 0, tokens_in: 0, tokens_out: 0, duration_ms: 5, pending_gate: null, at: Date.UTC(2026, 0, 1, 0, 0, 7) }));
    expect(finished).toMatchObject({ status: "completed", at: "2026-01-01T00:00:07.000Z" });
  });

  it("shows a gate's approvers and approvals so far, without who made an approving key", () => {
    const approval = { actor_id: "k1", actor_name: "ci", actor_type: "api_key", owner_id: "u9", comment: null, input: { a: 1 }, at: "2026-01-01T00:00:00.000Z" };
    const gate = toGateDto({ node_id: "g", prompt: "p", approvers: { roles: ["admin"], users: ["ops@example.com"] }, required_approvals: 2, allow_self_approval: true, approvals: [approval] });
    expect(gate).toEqual({ node_id: "g", prompt: "p", approvers: { roles: ["admin"], users: ["ops@example.com"] }, required_approvals: 2, allow_self_approval: true, approvals: [{ actor_id: "k1", actor_name: "ci", actor_type: "api_key", comment: null, input: { a: 1 }, at: "2026-01-01T00:00:00.000Z" }] });
  });
});

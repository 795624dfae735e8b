import { describe, expect, it } from "vitest";
import { Engine } from "../engine";
import { EngineError } from "../errors";
import type { RunTrigger } from "../ports";
import { MemoryRunStore } from "../store/memory-store";
import { agent, apiKey, gate, graph, harness, person } from "../testing/harness";
import { approvalsKey } from "./gate-approvals";

const ed: RunTrigger = { type: "user", id: "ed", name: "Ed Editor" };

/** draft → a gate two people must approve (each fills the form) → send. */
const quorumGraph = (config: Record<string, unknown> = {}) =>
  graph(
    [
      agent("draft", { user_message: "Draft for {ticket}" }),
      gate("review", { prompt: "Send {ticket}?", required_approvals: 2, fields: [{ name: "tone", type: "select", options: ["warm", "formal"], required: true }, { name: "note", type: "text" }], ...config }),
      agent("send", { user_message: "Send in {tone} tone" }),
    ],
    "draft>review",
    "review>send",
  );

/** Everything a refused decision must leave as it was. */
async function snapshot(h: ReturnType<typeof harness>, runId: string) {
  return { run: await h.store.getRun(runId), checkpoints: (await h.store.listCheckpoints(runId)).length, events: (await h.store.listEvents(runId, 0)).length, steps: await h.steps(runId) };
}

describe("gates with several approvers (required_approvals)", () => {
  it("stays paused until the second distinct approval, which completes the gate with both recorded", async () => {
    const h = harness();
    const paused = await h.runBy(ed, quorumGraph(), { ticket: "T-1" });
    expect(paused.pending_gate).toMatchObject({ required_approvals: 2, approvals: [], approvers: { roles: ["approver", "admin"], users: [] }, allow_self_approval: false });

    const first = await h.engine.approve(paused.id, { node_id: "review", actor: person("ada", "admin"), comment: "fine", input: { tone: "formal", note: "first" } });
    expect(first).toMatchObject({ approvals_so_far: 1, required_approvals: 2 });
    const held = await first.done;
    expect(held.status).toBe("paused");
    expect(held.pending_gate?.approvals).toEqual([{ actor_id: "ada", actor_name: "ada", actor_type: "user", comment: "fine", input: { tone: "formal", note: "first" }, at: expect.any(String) }]);
    // Checkpointed at the gate, with the approval in internal state; the gate step still waits.
    const cp = (await h.store.loadRun(paused.id))!.checkpoint!;
    expect(cp.step_name).toBe("gate:review");
    expect(cp.state[approvalsKey("review")]).toHaveLength(1);
    expect(cp.state.tone).toBeUndefined();
    expect((await h.steps(paused.id)).find((s) => s.node_id === "review")?.status).toBe("waiting");
    expect(h.events.events.at(-1)?.data).toMatchObject({ type: "run.status", status: "paused", pending_gate: { approvals: [{ actor_id: "ada" }] } });

    const second = await h.engine.approve(paused.id, { node_id: "review", actor: person("bob"), input: { tone: "warm" } });
    expect(second).toMatchObject({ approvals_so_far: 2, required_approvals: 2 });
    const run = await second.done;
    expect(run.status).toBe("completed");
    // Later input over earlier; the record is the last approver's, with every approval in order.
    expect(run.output).toMatchObject({ tone: "warm", note: "first" });
    expect(run.output?.approval_review).toMatchObject({ approved: true, actor_id: "bob", input: { tone: "warm" }, comment: null, approvals: [{ actor_id: "ada", comment: "fine" }, { actor_id: "bob" }] });
    expect(String(run.output?.send)).toContain("warm tone");
    expect(Object.keys((await h.store.loadRun(paused.id))!.checkpoint!.state)).not.toContain(approvalsKey("review"));
  });

  it("refuses a second approval by the same person, or by their key, changing nothing (bad_state)", async () => {
    const h = harness();
    const paused = await h.runBy(ed, quorumGraph(), { ticket: "T-2" });
    await (await h.engine.approve(paused.id, { node_id: "review", actor: person("ada", "admin"), input: { tone: "warm" } })).done;
    const before = await snapshot(h, paused.id);
    for (const actor of [person("ada", "admin"), apiKey("k-ada", "ada")]) {
      const refused = h.engine.approve(paused.id, { node_id: "review", actor, input: { tone: "warm" } });
      await expect(refused).rejects.toMatchObject({ name: "EngineError", code: "bad_state", message: expect.stringContaining("already approved this gate (1 of 2 approvals)") });
    }
    expect(await snapshot(h, paused.id)).toEqual(before);
  });

  it("refuses who the gate does not name, and the one who triggered the run, changing nothing (forbidden)", async () => {
    const h = harness();
    const paused = await h.runBy(ed, quorumGraph({ approvers: { roles: ["approver", "admin", "editor"] } }), { ticket: "T-3" });
    const before = await snapshot(h, paused.id);
    await expect(h.engine.approve(paused.id, { node_id: "review", actor: person("vi", "viewer"), input: { tone: "warm" } })).rejects.toMatchObject({ code: "forbidden", message: "this gate is decided by the editor, approver or admin role" });
    await expect(h.engine.approve(paused.id, { node_id: "review", actor: person("ed", "editor"), input: { tone: "warm" } })).rejects.toMatchObject({ code: "forbidden", message: /^you triggered this run/ });
    await expect(h.engine.approve(paused.id, { node_id: "review", actor: apiKey("k-ed", "ed", "editor"), input: { tone: "warm" } })).rejects.toBeInstanceOf(EngineError);
    await expect(h.engine.reject(paused.id, { node_id: "review", actor: person("vi", "viewer") })).rejects.toMatchObject({ code: "forbidden" });
    expect(await snapshot(h, paused.id)).toEqual(before);
  });

  it("keeps a partial approval across a restart: a new engine on the same store completes the gate with it", async () => {
    const store = new MemoryRunStore();
    const first = harness([], { store });
    const paused = await first.runBy(ed, quorumGraph(), { ticket: "T-4" });
    await (await first.engine.approve(paused.id, { node_id: "review", actor: person("ada", "admin"), input: { tone: "formal" } })).done;

    const restarted = new Engine({ store });
    expect((await store.getRun(paused.id))?.pending_gate?.approvals).toHaveLength(1);
    await expect(restarted.approve(paused.id, { node_id: "review", actor: person("ada", "admin"), input: { tone: "formal" } })).rejects.toMatchObject({ code: "bad_state" });
    const run = await (await restarted.approve(paused.id, { node_id: "review", actor: person("bob"), input: { tone: "warm" } })).done;
    expect(run.status).toBe("completed");
    expect((run.output?.approval_review as { approvals: unknown[] }).approvals).toHaveLength(2);
  });

  it("fails the run on one rejection after an approval, keeping the approval on the failed step", async () => {
    const h = harness();
    const paused = await h.runBy(ed, quorumGraph(), { ticket: "T-5" });
    await (await h.engine.approve(paused.id, { node_id: "review", actor: person("ada", "admin"), input: { tone: "warm" } })).done;
    const run = await h.engine.reject(paused.id, { node_id: "review", actor: person("bob"), comment: "not yet" });
    expect(run.status).toBe("failed");
    expect(run.error_message).toBe("gate 'review' (review) rejected by bob: not yet");
    expect(run.pending_gate).toBeNull();
    const step = (await h.steps(run.id)).find((s) => s.node_id === "review");
    expect(step).toMatchObject({ status: "failed", output: { approved: false, actor_id: "bob", approvals: [{ actor_id: "ada" }] } });
  });

  it("checks each approval's reviewer input, before anything is recorded", async () => {
    const h = harness();
    const paused = await h.runBy(ed, quorumGraph(), { ticket: "T-6" });
    const before = await snapshot(h, paused.id);
    await expect(h.engine.approve(paused.id, { node_id: "review", actor: person("ada", "admin"), input: {} })).rejects.toMatchObject({ code: "invalid_input", message: /tone is required/ });
    expect(await snapshot(h, paused.id)).toEqual(before);
  });

  it("lets the one who triggered the run approve when the gate allows self-approval", async () => {
    const h = harness();
    const trigger: RunTrigger = { type: "user", id: "ada", name: "Ada" };
    const paused = await h.runBy(trigger, graph([gate("g", { allow_self_approval: true }), agent("after")], "g>after"));
    const run = await (await h.engine.approve(paused.id, { node_id: "g", actor: person("ada", "admin") })).done;
    expect(run.status).toBe("completed");
  });
});

import { describe, expect, it } from "vitest";
import { runStoreContract } from "./contract";
import { checkpoint, newRun } from "./contract-fixtures";
import { MemoryRunStore } from "./memory-store";

runStoreContract("MemoryRunStore", async () => ({ store: new MemoryRunStore(), close: async () => {} }));

describe("MemoryRunStore", () => {
  it("refuses to create the same run twice", async () => {
    const store = new MemoryRunStore();
    await store.createRun(newRun("r1", "wf"));
    await expect(store.createRun(newRun("r1", "wf"))).rejects.toThrow(/exists/);
  });

  it("stamps events with its clock", async () => {
    const store = new MemoryRunStore({ now: () => 42 });
    await store.createRun(newRun("r1", "wf"));
    const [event] = await store.commit({ run_id: "r1", events: [{ type: "run.status", run_id: "r1", status: "running", error_message: null, cost_micros: 0, tokens_in: 0, tokens_out: 0, duration_ms: null, pending_gate: null }] });
    expect(event.created_at).toBe(42);
  });

  it("restores the latest checkpoint with a short full-snapshot period", async () => {
    const store = new MemoryRunStore({ codec: { full_every: 4 } });
    await store.createRun(newRun("r1", "wf"));
    const state: Record<string, unknown> = { pad: "p".repeat(1000) };
    for (let seq = 1; seq <= 9; seq++) {
      state[`k${seq}`] = seq;
      await store.commit({ run_id: "r1", checkpoint: checkpoint("r1", seq, state, seq === 1 ? null : [`k${seq}`]) });
    }
    const loaded = await store.loadRun("r1");
    expect(loaded?.checkpoint?.state).toEqual(state);
    expect(Object.keys(loaded?.checkpoint?.state ?? {})).toHaveLength(10);
  });
});

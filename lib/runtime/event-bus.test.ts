import { describe, expect, it } from "vitest";
import type { RunEventMessage, StoredEvent } from "@/engine/ports";
import { LocalRunEventBus } from "./event-bus";

const event = (run_id: string, seq: number): StoredEvent => ({ run_id, seq, type: "run.status", data: { type: "run.status", run_id, status: "running" } as StoredEvent["data"], created_at: 0 });
const seqs = (got: RunEventMessage[]) => got.flatMap((m) => (m.kind === "events" ? m.events.map((e) => `${e.run_id}${e.seq}`) : []));

describe("LocalRunEventBus", () => {
  it("delivers a run's messages to its subscribers only, and knows while a run has any", async () => {
    const bus = new LocalRunEventBus();
    const got: RunEventMessage[] = [];
    expect(bus.listening("a")).toBe(false);
    const off = bus.subscribe("a", (m) => got.push(m));
    expect(bus.listening("a")).toBe(true);
    await bus.live("a");
    bus.publish("a", [event("a", 1)]);
    bus.publish("b", [event("b", 1)]);
    bus.publish("a", []);
    bus.delta({ type: "step.delta", run_id: "a", step_id: "s", node_id: "n", text: "hi" });
    expect(seqs(got)).toEqual(["a1"]);
    expect(got.map((m) => m.kind)).toEqual(["events", "delta"]);
    off();
    off();
    expect(bus.listening("a")).toBe(false);
    expect(bus.subscribedRuns()).toBe(0);
  });

  it("relays a run from its first subscriber to its last, and is live once the relay is", async () => {
    const calls: string[] = [];
    let acknowledge = () => {};
    const bus = new LocalRunEventBus({
      start: (runId) => {
        calls.push(`start ${runId}`);
        return new Promise<void>((resolve) => (acknowledge = resolve));
      },
      stop: (runId) => calls.push(`stop ${runId}`),
    });
    const first = bus.subscribe("a", () => {});
    const second = bus.subscribe("a", () => {});
    let live = false;
    void bus.live("a").then(() => (live = true));
    await Promise.resolve();
    expect(live).toBe(false);
    acknowledge();
    await bus.live("a");
    expect(live).toBe(true);
    first();
    first();
    expect(calls).toEqual(["start a"]);
    second();
    expect(calls).toEqual(["start a", "stop a"]);
  });
});

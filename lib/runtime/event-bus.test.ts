import { describe, expect, it } from "vitest";
import type { StoredEvent } from "@/engine/ports";
import { RunEventBus, type BusMessage } from "./event-bus";

const event = (run_id: string, seq: number): StoredEvent => ({ run_id, seq, type: "run.status", data: { type: "run.status", run_id, status: "running" } as StoredEvent["data"], created_at: 0 });

describe("RunEventBus", () => {
  it("delivers a run's messages to its subscribers only, and knows while a run has any", () => {
    const bus = new RunEventBus();
    const got: BusMessage[] = [];
    expect(bus.listening("a")).toBe(false);
    const off = bus.subscribe("a", (m) => got.push(m));
    expect(bus.listening("a")).toBe(true);
    bus.publish("a", [event("a", 1)]);
    bus.publish("b", [event("b", 1)]);
    bus.forward("a", { kind: "events", events: [event("a", 2)] });
    expect(got.flatMap((m) => (m.kind === "events" ? m.events.map((e) => `${e.run_id}${e.seq}`) : []))).toEqual(["a1", "a2"]);
    off();
    off();
    expect(bus.listening("a")).toBe(false);
    expect(bus.subscribedRuns()).toBe(0);
  });
});

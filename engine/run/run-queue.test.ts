import { describe, expect, it } from "vitest";
import { applySequence } from "../store/sequence-delta";
import type { QueueItem } from "../ports";
import { RunQueue } from "./run-queue";

const item = (node_id: string, n = 1): QueueItem => ({ node_id, n });
const flight = (i: QueueItem) => ({ item: i });

describe("RunQueue", () => {
  it("keeps checkpoint order (parked, in flight, pending) and reports exact edits between checkpoints", () => {
    const q = new RunQueue<{ item: QueueItem }, { item: QueueItem }>([item("a"), item("b"), item("c")]);
    const base = q.checkpoint().queue;
    const a = flight(q.shift());
    q.fly("a", a);
    const b = flight(q.shift());
    q.fly("b", b);
    q.complete("a", a, [item("d"), item("e")]);
    const { queue, edits } = q.checkpoint();
    expect(queue.map((i) => i.node_id)).toEqual(["b", "c", "d", "e"]);
    expect(applySequence(base, { e: edits! })).toEqual(queue);
  });

  it("a failure or a parked gate makes the edits unknown for that checkpoint only", () => {
    const q = new RunQueue<{ item: QueueItem }, { item: QueueItem }>([item("a"), item("b")]);
    q.checkpoint();
    const a = flight(q.shift());
    q.fly("a", a);
    q.fail("a", a);
    expect(q.checkpoint()).toEqual({ queue: [item("a"), item("b")], edits: null });
    q.park({ item: q.shift() });
    expect(q.checkpoint().edits).toBeNull();
    expect(q.checkpoint()).toEqual({ queue: [item("a"), item("b")], edits: [] });
  });
});

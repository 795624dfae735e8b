import { describe, expect, it } from "vitest";
import type { QueueItem } from "../ports";
import { applySequence, applySequenceInPlace, diffSequence, sameId, sameQueueItem } from "./sequence-delta";

/** Deterministic pseudo-random numbers, so a failure reproduces. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

function roundTrips(base: string[], next: string[]) {
  const delta = diffSequence(base, next, sameId);
  const before = base.slice();
  expect(applySequence(base, delta)).toEqual(next);
  expect(base).toEqual(before);
  const copy = base.slice();
  applySequenceInPlace(copy, JSON.parse(JSON.stringify(delta)));
  expect(copy).toEqual(next);
  return delta;
}

describe("sequence delta", () => {
  it("stores an append as one edit at the end", () => {
    expect(roundTrips(["a", "b"], ["a", "b", "c", "d"])).toEqual({ e: [[2, 0, ["c", "d"]]] });
    expect(roundTrips(["a", "b"], ["a", "b"])).toEqual({ e: [] });
  });

  it("stores a removal in the middle plus an append as two small edits", () => {
    const base = Array.from({ length: 100 }, (_, i) => `n${i}`);
    const next = [...base.slice(0, 40), ...base.slice(41), "new"];
    expect(roundTrips(base, next)).toEqual({ e: [[40, 1, []], [100, 0, ["new"]]] });
  });

  it("handles emptying, filling, replacing and repeats", () => {
    const cases: [string[], string[]][] = [
      [["a", "b"], []],
      [[], ["a"]],
      [["a", "b", "c"], ["x", "y", "z"]],
      [["a", "b", "a"], ["a", "b", "a", "b", "a"]],
      [["a", "a"], ["a"]],
      [["a", "b", "c", "d"], ["d", "c", "b", "a"]],
    ];
    for (const [base, next] of cases) roundTrips(base, next);
  });

  it("reproduces random edits exactly", () => {
    const rnd = random(7);
    for (let round = 0; round < 300; round++) {
      const base = Array.from({ length: Math.floor(rnd() * 30) }, () => `v${Math.floor(rnd() * 8)}`);
      const next = base.slice();
      for (let k = Math.floor(rnd() * 6); k > 0; k--) {
        const at = Math.floor(rnd() * (next.length + 1));
        if (rnd() < 0.5) next.splice(at, 1);
        else next.splice(at, 0, `v${Math.floor(rnd() * 8)}`);
      }
      roundTrips(base, next);
    }
  });

  it("compares queue items on every field", () => {
    const item: QueueItem = { node_id: "a", n: 1, edge_id: "e" };
    expect(sameQueueItem(item, { node_id: "a", n: 1, edge_id: "e" })).toBe(true);
    expect(sameQueueItem({ node_id: "a", n: 1 }, item)).toBe(false);
    expect(sameQueueItem({ node_id: "a", n: 1 }, { node_id: "a", n: 2 })).toBe(false);
    expect(sameQueueItem({ node_id: "a", n: 1 }, { node_id: "b", n: 1 })).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import type { CheckpointWrite, QueueItem, SchedulerMeta, State } from "../ports";
import { checkpointChain, encodeCheckpoint, estimateMaterializedSizes, materialize, materializeAll, materializeStates, type EncodedCheckpoint, type EncoderCursor } from "./checkpoint-codec";

/** A sliding queue: items leave at the front and arrive at the back, with and without edge ids. */
function queueAt(seq: number): QueueItem[] {
  return Array.from({ length: 3 + (seq % 5) }, (_, k) => ({ node_id: `q${seq + k}`, n: 1 + (k % 2), ...(k % 3 ? { edge_id: `e${seq + k}` } : {}) }));
}

/** Scheduler meta whose marks gain, change and lose entries from one seq to the next. */
function metaAt(seq: number): SchedulerMeta {
  const marks: SchedulerMeta["marks"] = { fixed: { e0: "fired" } };
  for (let k = seq % 4; k < 6; k++) marks[`m${k}`] = { [`e${seq % 3}`]: (seq + k) % 2 ? "fired" : "dead" };
  return { marks, node_executions: seq, elapsed_ms: Math.floor(seq / 3) };
}

function write(seq: number, state: State, changed: string[] | null, completed: string[] = []): CheckpointWrite {
  return { run_id: "r", seq, step_name: `node:n${seq}`, state, changed, completed, queue: queueAt(seq), meta: metaAt(seq), created_at: 1000 + seq };
}

/** Encodes writes as they come, the way a store does, keeping every row by seq. */
function encoder(fullEvery = 64) {
  const rows = new Map<number, EncodedCheckpoint>();
  let cursor: EncoderCursor | null = null;
  const add = (w: CheckpointWrite) => {
    const out = encodeCheckpoint(w, cursor, { full_every: fullEvery });
    rows.set(w.seq, out.row);
    cursor = out.cursor;
  };
  return { rows, add, restore: (seq: number) => materialize(checkpointChain(seq, (s) => rows.get(s)) ?? []) };
}

function encodeAll(writes: CheckpointWrite[], fullEvery = 64) {
  const enc = encoder(fullEvery);
  writes.forEach(enc.add);
  return enc;
}

describe("checkpoint codec", () => {
  it("writes the first checkpoint and a null `changed` as full snapshots", () => {
    const first = encodeCheckpoint(write(1, { a: 1 }, ["a"]), null);
    expect(first.row.encoding).toBe("full");
    expect(first.row.base_seq).toBe(1);
    const second = encodeCheckpoint(write(2, { a: 1, b: 2 }, null), first.cursor);
    expect(second.row.encoding).toBe("full");
  });

  it("stores only changed keys in a delta and represents deleted keys", () => {
    const big = { doc: "x".repeat(500), a: 1, b: 2 };
    const first = encodeCheckpoint(write(1, big, null, ["s"]), null);
    const { doc: _doc, ...withoutDoc } = big;
    const second = encodeCheckpoint(write(2, { ...withoutDoc, a: 5 }, ["a", "doc"], ["s", "t"]), first.cursor);
    expect(second.row.encoding).toBe("delta");
    expect(second.row.base_seq).toBe(1);
    expect(JSON.parse(second.row.state)).toEqual({ set: { a: 5 }, unset: ["doc"] });
    expect(JSON.parse(second.row.completed)).toEqual({ e: [[1, 0, ["t"]]] });
    const rows = new Map([first.row, second.row].map((r) => [r.seq, r]));
    const restored = materialize(checkpointChain(2, (s) => rows.get(s)) ?? []);
    expect(restored.state).toEqual({ a: 5, b: 2 });
    expect(restored.completed).toEqual(["s", "t"]);
    expect(restored.queue).toEqual(queueAt(2));
    expect(restored.meta.node_executions).toBe(2);
  });

  it("deep-copies values at encode time", () => {
    const state: State = { list: [1], nested: { v: 1 } };
    const { rows, restore } = encodeAll([write(1, state, null)]);
    (state.list as number[]).push(2);
    (state.nested as { v: number }).v = 9;
    expect(restore(1).state).toEqual({ list: [1], nested: { v: 1 } });
    expect(rows.size).toBe(1);
  });

  it("writes a full snapshot every `full_every` checkpoints", () => {
    const writes = [write(1, { pad: "p".repeat(10_000) }, null)];
    for (let seq = 2; seq <= 20; seq++) writes.push(write(seq, { ...writes[0].state, k: seq }, ["k"]));
    const { rows } = encodeAll(writes, 5);
    const fulls = [...rows.values()].filter((r) => r.encoding === "full").map((r) => r.seq);
    expect(fulls).toEqual([1, 6, 11, 16]);
  });

  it("writes a full snapshot once the deltas since the last one outweigh it", () => {
    const state: State = {};
    const writes: CheckpointWrite[] = [];
    for (let seq = 1; seq <= 300; seq++) {
      state[`key_${seq}`] = "v".repeat(90);
      writes.push(write(seq, { ...state }, seq === 1 ? null : [`key_${seq}`]));
    }
    const { rows } = encodeAll(writes, 1000);
    const ordered = [...rows.values()];
    let full = 0;
    let deltaBytes = 0;
    for (const row of ordered) {
      const bytes = row.state.length + row.completed.length + row.queue.length + row.meta.length;
      if (row.encoding === "full") [full, deltaBytes] = [bytes, 0];
      else deltaBytes += bytes;
      expect(deltaBytes).toBeLessThanOrEqual(full);
    }
    const fulls = ordered.filter((r) => r.encoding === "full").length;
    expect(fulls).toBeGreaterThan(2);
    expect(fulls).toBeLessThan(40);
  });

  it("restores every checkpoint exactly through many deltas, including `__` and removed keys", () => {
    const state: State = { input: { q: 1 } };
    const completed: string[] = [];
    const { rows, add, restore } = encoder(16);
    const expected: State[] = [];
    for (let seq = 1; seq <= 200; seq++) {
      const changed = [`k${seq % 17}`, "__loop"];
      state[`k${seq % 17}`] = { seq, text: "t".repeat(seq % 40) };
      state.__loop = seq;
      if (seq % 7 === 0) {
        delete state[`k${(seq + 3) % 17}`];
        changed.push(`k${(seq + 3) % 17}`);
      }
      completed.push(`n${seq}`);
      add(write(seq, state, seq === 1 ? null : changed, completed));
      expected.push(JSON.parse(JSON.stringify(state)));
    }
    expect([...rows.values()].filter((r) => r.encoding === "delta").length).toBeGreaterThan(120);
    for (let seq = 1; seq <= 200; seq++) {
      const record = restore(seq);
      expect(record.state).toEqual(expected[seq - 1]);
      expect(record.completed).toEqual(completed.slice(0, seq));
      expect(record.step_name).toBe(`node:n${seq}`);
      expect(record.meta).toEqual(metaAt(seq));
      expect(record.queue).toEqual(queueAt(seq));
    }
    const all = materializeAll([...rows.values()].reverse());
    expect(all.map((c) => c.seq)).toEqual(expected.map((_, i) => i + 1));
    for (const record of all) expect(record).toEqual(restore(record.seq));
    all[0].state.mutated = true;
    expect(all[1].state.mutated).toBeUndefined();
    expect(restore(1).state.mutated).toBeUndefined();
    const states = materializeStates([...rows.values()].reverse())!;
    expect([...states.keys()].sort((a, b) => a - b)).toEqual(expected.map((_, i) => i + 1));
    for (const [seq, s] of states) expect(s).toEqual(expected[seq - 1]);
    states.get(1)!.mutated = true;
    expect(states.get(2)!.mutated).toBeUndefined();
    const delta = [...rows.values()].find((r) => r.encoding === "delta")!;
    const broken = [...rows.values()].filter((r) => r.seq !== delta.base_seq);
    expect(() => materializeStates(broken)).toThrow(`checkpoint ${delta.seq}: its base ${delta.base_seq} is missing`);
  });

  it("keeps a key named __proto__ as plain data", () => {
    const state = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as State;
    const first = encodeCheckpoint(write(1, { a: 0 }, null), null);
    const second = encodeCheckpoint(write(2, state, ["__proto__", "a"]), first.cursor);
    const rows = new Map([first.row, second.row].map((r) => [r.seq, r]));
    const restored = materialize(checkpointChain(2, (s) => rows.get(s)) ?? []);
    expect(Object.hasOwn(restored.state, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("returns null for an unknown seq and refuses a broken chain", () => {
    expect(checkpointChain(5, () => undefined)).toBeNull();
    const first = encodeCheckpoint(write(1, { pad: "p".repeat(1000) }, null), null);
    const second = encodeCheckpoint(write(2, { a: 1 }, ["a"]), first.cursor);
    expect(() => checkpointChain(2, (s) => (s === 2 ? second.row : undefined))).toThrow(/broken/);
    expect(() => materialize([second.row])).toThrow(/full snapshot/);
  });
});

describe("estimateMaterializedSizes", () => {
  it("bounds each checkpoint's state JSON from above, within about twice it, for growing and overwritten states", () => {
    const writes: CheckpointWrite[] = [];
    let state: State = { input: "x".repeat(500) };
    for (let seq = 1; seq <= 300; seq++) {
      // Keys that accumulate (a chain keeping every reply) and one overwritten each time (a loop's counter).
      state = { ...state, [`reply${seq}`]: `answer ${seq} `.repeat(seq % 7), counter: "c".repeat(seq % 50) };
      writes.push(write(seq, state, seq === 1 ? null : [`reply${seq}`, "counter"]));
    }
    const enc = encodeAll(writes, 16);
    const rows = [...enc.rows.values()];
    const sizes = estimateMaterializedSizes(rows, (r) => r.state.length);
    const actual = materializeStates(rows)!;
    expect(sizes.size).toBe(300);
    for (const [seq, bytes] of sizes) {
      const real = JSON.stringify(actual.get(seq)).length;
      expect(bytes, `checkpoint ${seq}`).toBeGreaterThanOrEqual(real);
      expect(bytes, `checkpoint ${seq}`).toBeLessThanOrEqual(2.2 * real);
    }
  });
});


import { describe, expect, it } from "vitest";
import type { CheckpointRecord, State } from "../ports";
import { materialize, materializeAll, materializeStates, type EncodedCheckpoint } from "./checkpoint-codec";
import { hydrateCheckpoint, STATE_SCHEMA_VERSION, type Snapshot, type SnapshotMigrations } from "./snapshot-schema";

/**
 * Two made-up format changes, as later builds would add them: v1 kept loop counters as
 * `__loop_<id>` state keys; v2 keeps them in the scheduler meta; v3 counts node executions
 * twice as "attempts" (anything visible will do: the order of steps is what is tested).
 */
const LIFT_LOOPS = (s: Snapshot): Snapshot => {
  const state: State = {};
  const loops: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s.state)) {
    if (key.startsWith("__loop_")) loops[key.slice("__loop_".length)] = value;
    else state[key] = value;
  }
  return { ...s, state, meta: { ...s.meta, loops } as Snapshot["meta"] };
};
const STAMP_ATTEMPTS = (s: Snapshot): Snapshot => ({ ...s, meta: { ...s.meta, attempts: s.meta.node_executions * 2 } as Snapshot["meta"] });
const MIGRATIONS: SnapshotMigrations = [LIFT_LOOPS, STAMP_ATTEMPTS];

const meta = { marks: {}, node_executions: 3, elapsed_ms: 40 };

/** Rows as a version-1 build stored them: a full snapshot, then a delta that moves the loop counter on. */
const V1_ROWS: EncodedCheckpoint[] = [
  {
    run_id: "r1", seq: 1, step_name: "node:body", encoding: "full", base_seq: 1, created_at: 1_000, state_schema_version: 1,
    state: JSON.stringify({ ticket: "T-1", __loop_retry: 1 }), completed: JSON.stringify(["start", "body"]), queue: JSON.stringify([{ node_id: "loop", n: 1 }]), meta: JSON.stringify(meta),
  },
  {
    run_id: "r1", seq: 2, step_name: "node:loop", encoding: "delta", base_seq: 1, created_at: 2_000, state_schema_version: 1,
    state: JSON.stringify({ set: { __loop_retry: 2 }, unset: [] }), completed: JSON.stringify({ e: [[2, 0, ["loop"]]] }), queue: JSON.stringify({ e: [[0, 1, [{ node_id: "body", n: 2 }]]] }), meta: JSON.stringify({ values: { node_executions: 4 }, maps: {} }),
  },
];

const record = (over: Partial<CheckpointRecord> = {}): CheckpointRecord => ({ run_id: "r1", seq: 1, step_name: "run_start", state: { a: 1 }, completed: [], queue: [], meta, created_at: 0, ...over });

describe("hydrateCheckpoint", () => {
  it("returns a checkpoint of this build's version as it is", () => {
    const cp = record();
    expect(hydrateCheckpoint(cp, STATE_SCHEMA_VERSION)).toBe(cp);
    expect(hydrateCheckpoint(cp, 3, MIGRATIONS)).toBe(cp);
  });

  it("migrates an older snapshot forward one version at a time, leaving its identity and the stored one alone", () => {
    const stored = record({ seq: 7, state: { ticket: "T-1", __loop_retry: 2 } });
    const copy = structuredClone(stored);
    expect(hydrateCheckpoint(stored, 1, MIGRATIONS)).toEqual({ ...stored, state: { ticket: "T-1" }, meta: { ...meta, loops: { retry: 2 }, attempts: 6 } });
    expect(hydrateCheckpoint(stored, 2, MIGRATIONS)).toEqual({ ...stored, meta: { ...meta, attempts: 6 } });
    expect(stored).toEqual(copy);
  });

  it("refuses a snapshot from a newer build, naming both versions", () => {
    const cp = record({ seq: 4 });
    let thrown: unknown;
    try {
      hydrateCheckpoint(cp, STATE_SCHEMA_VERSION + 1);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ name: "EngineError", code: "snapshot_too_new" });
    expect((thrown as Error).message).toBe(
      `checkpoint 4 of run r1 was written by a newer Switchyard (state schema version ${STATE_SCHEMA_VERSION + 1}; this server reads up to ${STATE_SCHEMA_VERSION}): a server of that version or later continues it`,
    );
    expect(() => hydrateCheckpoint(cp, 4, MIGRATIONS)).toThrow(/version 4; this server reads up to 3/);
    expect(() => hydrateCheckpoint(cp, 0)).toThrow(/is not a version/);
  });
});

describe("loading stored version-1 checkpoints in a later build", () => {
  it("applies deltas in the format they were stored in, then migrates the result", () => {
    const expected = {
      run_id: "r1", seq: 2, step_name: "node:loop", created_at: 2_000,
      state: { ticket: "T-1" }, completed: ["start", "body", "loop"], queue: [{ node_id: "body", n: 2 }], meta: { ...meta, node_executions: 4, loops: { retry: 2 }, attempts: 8 },
    };
    expect(materialize(V1_ROWS, MIGRATIONS)).toEqual(expected);
    const all = materializeAll(V1_ROWS, MIGRATIONS);
    expect(all[1]).toEqual(expected);
    expect(all[0]).toMatchObject({ seq: 1, state: { ticket: "T-1" }, meta: { node_executions: 3, loops: { retry: 1 }, attempts: 6 } });
  });

  it("reads them unchanged in this build, and refuses rows of a newer one", () => {
    expect(STATE_SCHEMA_VERSION).toBe(1);
    expect(materialize(V1_ROWS).state).toEqual({ ticket: "T-1", __loop_retry: 2 });
    const newer = V1_ROWS.map((row) => ({ ...row, state_schema_version: 2 }));
    expect(() => materialize(newer)).toThrow(expect.objectContaining({ code: "snapshot_too_new" }));
    expect(() => materializeAll(newer)).toThrow(expect.objectContaining({ code: "snapshot_too_new" }));
  });

  it("refuses a delta written on a base of another version (a broken chain, not a migration)", () => {
    const mixed = [V1_ROWS[0], { ...V1_ROWS[1], state_schema_version: 2 }];
    expect(() => materialize(mixed, MIGRATIONS)).toThrow(/a delta of state schema version 2 on a base of version 1/);
    expect(() => materializeAll(mixed, MIGRATIONS)).toThrow(/a delta of state schema version 2 on a base of version 1/);
  });

  it("reads states alone only when every row is of this build's version", () => {
    expect(materializeStates(V1_ROWS)?.get(2)).toEqual({ ticket: "T-1", __loop_retry: 2 });
    expect(materializeStates(V1_ROWS.map((row) => ({ ...row, state_schema_version: 2 })))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { newId } from "./ids";
import type { StepRecord } from "@/engine/ports";
import { step } from "@/engine/store/contract-fixtures";
import { runPatchColumns, runPatchSql, stepFromRow, stepToRow, storedStep } from "./run-rows";
import { sqlTime } from "./timestamps";
import type { RunPatch } from "@/engine/ports";

const reference = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

describe("sqlTime", () => {
  it("formats like Date#toISOString with a +00:00 offset, across seconds and ms boundaries", () => {
    const base = Date.UTC(2026, 11, 1, 23, 59, 58);
    for (const ms of [0, 1, 9, 10, 99, 100, 999, base, base + 7, base + 42, base + 999, base + 1000, base + 1001, base + 2005, Date.now()]) {
      expect(sqlTime(ms)).toBe(reference(ms));
    }
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(Math.random() * 4e12);
      expect(sqlTime(ms)).toBe(reference(ms));
    }
  });

  it("keeps null, and formats fractional ms as Date does", () => {
    expect(sqlTime(null)).toBeNull();
    expect(sqlTime(1234.7)).toBe(reference(1234.7));
  });
});

describe("newId", () => {
  it("hands out distinct 16-character url-safe ids, also across pool refills", () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe("storedStep", () => {
  it("gives what a step's row reads back as, for full and sparse steps", () => {
    const full = step("r1", 3, { status: "completed", output: { text: "hi", n: [1, 2] }, error: null, finished_at: 1_764_547_209_001, duration_ms: 7 });
    const sparse = { ...step("r1", 4), output: undefined, error: undefined, model: undefined, finished_at: undefined, duration_ms: undefined } as unknown as StepRecord;
    for (const s of [full, sparse]) expect(storedStep(s)).toStrictEqual(stepFromRow(stepToRow(s)));
  });
});

describe("runPatchColumns", () => {
  it("names the fields a patch sets by one mask, whatever their order, with values in the UPDATE's order", () => {
    const a = runPatchColumns({ status: "completed", cost_micros: 12, output: { ok: true }, duration_ms: undefined });
    const b = runPatchColumns({ output: { ok: true }, cost_micros: 12, status: "completed" });
    expect(a).toEqual(b);
    expect(runPatchSql(a.mask)).toBe("UPDATE runs SET status = ?, output = ?, cost_micros = ? WHERE id = ?");
    expect(a.values).toEqual(["completed", '{"ok":true}', 12]);
    expect(runPatchColumns({ finished_at: 1_764_547_209_001, pending_gate: null })).toEqual({
      mask: runPatchColumns({ pending_gate: null, finished_at: 0 }).mask,
      values: [null, sqlTime(1_764_547_209_001)],
    });
    expect(runPatchColumns({}).mask).toBe(0);
  });

  it("refuses a field that is not a run column", () => {
    expect(() => runPatchColumns({ status: "running", lease_owner: "x" } as RunPatch)).toThrow('run field "lease_owner" cannot be patched');
  });
});

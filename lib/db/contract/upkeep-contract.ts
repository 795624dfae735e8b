/** The contract of `stats` and of the upkeep: folding leaves every report as it was, retention deletes only what it should. */
import { expect, it } from "vitest";
import { SYSTEM_ACTOR } from "@/lib/auth/actor";
import { verifyAuditChain } from "@/lib/services/audit-chain";
import { sqlTime } from "../timestamps";
import type { ContractStorage, OpenedStorage } from "./harness";
import { countOf, DAY_MS, graphOf, HOUR_MS, rowsOf, seedHistory, seedRun } from "./seed";
import { seedSpendRuns, type SpendRun } from "./spend-oracle";

const KEPT = { run: 1, steps: 1, checkpoints: 2, events: 3 };
const GONE = { run: 0, steps: 0, checkpoints: 0, events: 0 };

export function upkeepContract(backend: string, h: () => OpenedStorage): void {
  it("tells what the database holds and how much room it takes", async () => {
    const { storage, sql } = h();
    const at = new Date();
    for (const id of ["wa", "wb", "wc"]) await storage.workflows.insert({ id, name: id, description: "", graph: graphOf([]), at });
    await storage.workflows.markDeleted({ id: "wc", at });
    for (const num of [1, 2, 3]) await seedRun(sql, { num, workflowId: "wa", status: "completed", createdAt: at.getTime() });
    await storage.audit.append({ action: "workflow.create", actor: SYSTEM_ACTOR, targetType: "workflow", targetId: "wa" });
    const stats = await storage.stats();
    expect(stats).toMatchObject({ backend, workflows: 2, runs: 3, audit_entries: 1 });
    expect(stats.location.length).toBeGreaterThan(0);
    expect(stats.bytes).toBeGreaterThan(0);
    for (const n of [stats.bytes, stats.free_bytes, stats.wal_bytes]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
  });

  it("folds settled runs without changing a report, and deletes only runs past retention, once, with an audit row", async () => {
    const { storage, twin, sql } = h();
    const now = Date.now();
    const old = Math.floor((now - 40 * DAY_MS) / DAY_MS) * DAY_MS + HOUR_MS;
    const step = { node: "draft", model: "mock", cost: 1_000, tin: 10, tout: 5 };
    const runs: (SpendRun & { fate: "gone" | "kept" })[] = [
      { num: 1, workflowId: "wa", status: "completed", createdAt: old, finishedAt: old + 60_000, steps: [step], fate: "gone" },
      { num: 2, workflowId: "wb", status: "failed", createdAt: old + HOUR_MS, finishedAt: old + HOUR_MS, steps: [step], fate: "gone" },
      { num: 3, workflowId: "wa", status: "completed", createdAt: old + 2 * HOUR_MS, finishedAt: old + 2 * HOUR_MS, steps: [step], fate: "gone" },
      // Old but still able to move, or finished lately (parked at a gate for weeks), or recent.
      { num: 4, workflowId: "wa", status: "paused", createdAt: old, steps: [step], fate: "kept" },
      { num: 5, workflowId: "wa", status: "running", createdAt: old, steps: [step], fate: "kept" },
      { num: 6, workflowId: "wb", status: "completed", createdAt: old + 3 * HOUR_MS, finishedAt: now - DAY_MS, steps: [step], fate: "kept" },
      { num: 7, workflowId: "wb", status: "completed", createdAt: now - DAY_MS, finishedAt: now - DAY_MS, steps: [step], fate: "kept" },
      { num: 8, workflowId: "wa", status: "failed", createdAt: now - HOUR_MS, finishedAt: now - HOUR_MS, steps: [step], fate: "kept" },
    ];
    for (const id of ["wa", "wb"]) await storage.workflows.insert({ id, name: id.toUpperCase(), description: "", graph: graphOf([]), at: new Date(old) });
    await seedSpendRuns(sql, runs);
    for (const r of runs) await seedHistory(sql, r);
    const periods = [null, Math.floor((now - DAY_MS) / HOUR_MS) * HOUR_MS, Math.floor((now - 7 * DAY_MS) / DAY_MS) * DAY_MS];
    const reports = (s: ContractStorage) => Promise.all(periods.map((since) => s.spend.report({ since })));
    const before = await reports(storage);

    const upkeeps = [storage, twin].map((s) => s.upkeep);
    expect(upkeeps.every((u) => u !== undefined), "every backend has upkeep").toBe(true);
    const stops = upkeeps.map((u) => u!.start({ retentionDays: 30, retentionIntervalMs: 100 }));
    const boundary = sqlTime(Math.floor(now / DAY_MS) * DAY_MS - DAY_MS).slice(0, 13);
    try {
      const settledUnfolded = () => countOf(sql, "runs", "WHERE spend_folded = 0 AND status IN ('completed', 'failed')");
      await expect.poll(settledUnfolded, { timeout: 10_000, interval: 50 }).toBe(0);
      await expect.poll(() => countOf(sql, "runs"), { timeout: 10_000, interval: 50 }).toBe(5);
      // The hours of days before yesterday are compacted into days.
      await expect.poll(() => countOf(sql, "spend_rollup", "WHERE hour < ?", [boundary]), { timeout: 10_000, interval: 50 }).toBe(0);
      expect(await countOf(sql, "spend_rollup_daily")).toBeGreaterThan(0);
    } finally {
      stops.forEach((stop) => stop());
    }

    for (const r of runs) expect(await rowsOf(sql, r), `run ${r.num}`).toEqual(r.fate === "gone" ? GONE : KEPT);
    expect(await reports(storage)).toEqual(before);
    const prunes = await storage.audit.list({ limit: 10, action: "run.prune" });
    expect(prunes.length).toBeGreaterThan(0);
    for (const p of prunes) expect(p).toMatchObject({ actor_id: SYSTEM_ACTOR.id, actor_type: "system", target_type: "run", target_id: "*", details: { retention_days: 30 } });
    expect(prunes.reduce((n, p) => n + (p.details.deleted as number), 0)).toBe(3);
    expect(await verifyAuditChain((afterSeq, limit) => storage.audit.chainPage({ afterSeq, limit }))).toEqual({ ok: true, checked: prunes.length });
  });
}

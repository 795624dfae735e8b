import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDb } from "./support/db";
import { client } from "./support/http";
import { agentChain, gateGraph } from "./support/run-graphs";
import { adminAuth, startServer, type TestServer } from "./support/server";

type Run = { id: string; status: string; cost_usd: number; created_at: string };
type Group = { key: string; cost_usd: number; runs: number };
type Report = { by_workflow: Group[] };
type AuditRow = { action: string; actor_id: string; target_type: string; target_id: string; details: { deleted: number; retention_days: number } };

const RETENTION_S = 3;
let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer({
    env: { SWITCHYARD_RUN_RETENTION_DAYS: String(RETENTION_S / 86_400), SWITCHYARD_RUN_RETENTION_INTERVAL_MS: "500" },
  });
  api = client(server.baseUrl);
});
afterAll(async () => server?.stop());

const rowsOfRun = (id: string) =>
  withDb(server, async (db) => {
    const count = (table: string) => db.value<number>(`SELECT COUNT(*) FROM ${table} WHERE run_id = ?`, [id]);
    return { runs: await db.value<number>("SELECT COUNT(*) FROM runs WHERE id = ?", [id]), steps: await count("steps"), checkpoints: await count("checkpoints"), events: await count("run_events") };
  });

describe("run retention", () => {
  it("deletes runs finished longer ago than the retention period, keeps parked ones, the spend totals and the audit chain", async () => {
    const create = async (name: string, graph: unknown) => (await api.post<{ id: string }>("/api/workflows", { name, graph })).body.id;
    const chain = await create("Chain", agentChain(3));
    const gated = await create("Gated", gateGraph());
    const done: Run[] = [];
    for (let i = 0; i < 3; i++) done.push((await api.post<Run>(`/api/workflows/${chain}/runs?wait=10000`, { input: { input: `ticket ${i}` } })).body);
    const parked = (await api.post<Run>(`/api/workflows/${gated}/runs?wait=10000`, { input: { ticket: "T-1" } })).body;
    expect([...done, parked].map((r) => r.status)).toEqual(["completed", "completed", "completed", "paused"]);
    expect(await rowsOfRun(done[0].id)).toMatchObject({ runs: 1, steps: 3 });
    const chainSpend = async () => (await api.get<Report>("/api/spend?period=24h")).body.by_workflow.find((g) => g.key === chain);
    const before = await chainSpend();
    expect(before?.runs).toBe(3);

    // Past the retention period the pruner deletes them (it runs every 500 ms here).
    await expect
      .poll(async () => Promise.all(done.map(async (r) => (await api.get(`/api/runs/${r.id}`)).status)), { timeout: 30_000, interval: 250 })
      .toEqual([404, 404, 404]);
    for (const r of done) expect(await rowsOfRun(r.id)).toEqual({ runs: 0, steps: 0, checkpoints: 0, events: 0 });

    // Each pass that deleted runs left one audit row; the chain holds.
    const prunes = (await api.get<{ items: AuditRow[] }>("/api/audit?action=run.prune")).body.items;
    expect(prunes.length).toBeGreaterThan(0);
    expect(prunes[0]).toMatchObject({ actor_id: "system", target_type: "run", target_id: "*", details: { retention_days: RETENTION_S / 86_400 } });
    expect(prunes.reduce((n, row) => n + row.details.deleted, 0)).toBe(3);
    expect((await api.get<{ ok: boolean }>("/api/audit/verify")).body.ok).toBe(true);

    // The settings page says how long runs are kept.
    const settings = await fetch(`${server.baseUrl}/settings`, { headers: adminAuth() }).then((r) => r.text());
    expect(settings).toContain("Run retention");
    expect(settings).toContain(`>${RETENTION_S} seconds<`);

    // A run parked at a gate stays, however old (here: past the period by three passes), and can still be approved.
    const pastPeriod = new Date(parked.created_at).getTime() + RETENTION_S * 1000 + 1500 - Date.now();
    if (pastPeriod > 0) await new Promise((resolve) => setTimeout(resolve, pastPeriod));
    expect((await api.get<Run>(`/api/runs/${parked.id}`)).body.status).toBe("paused");
    expect((await api.post(`/api/runs/${parked.id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);

    // The spend report still counts the deleted runs; its drill-down no longer lists them, and says why.
    expect(await chainSpend()).toEqual(before);
    const drill = (await api.get<{ items: unknown[]; retention_days: number }>(`/api/spend/runs?period=24h&workflow_id=${chain}`)).body;
    expect(drill).toEqual({ items: [], retention_days: RETENTION_S / 86_400 });

  });

  it("refuses to start with a retention setting that is not a positive number of days", async () => {
    const message = /SWITCHYARD_RUN_RETENTION_DAYS must be a positive number of days/;
    let started: TestServer;
    try {
      started = await startServer({ env: { SWITCHYARD_RUN_RETENTION_DAYS: "soon" } });
    } catch (err) {
      expect(String(err)).toMatch(message);
      return;
    }
    // Health can answer before the engine's thread has loaded its settings: then the server stops by itself.
    try {
      await expect.poll(() => started.log(), { timeout: 30_000 }).toMatch(message);
      await expect.poll(() => fetch(`${started.baseUrl}/api/health`).then(() => "up", () => "down"), { timeout: 30_000 }).toBe("down");
    } finally {
      await started.stop();
    }
  });
});

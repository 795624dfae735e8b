import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCounterService, type CounterService } from "./support/counter-service";
import { openDb, withDb } from "./support/db";
import { client } from "./support/http";
import { chain } from "./support/run-graphs";
import { startServer, type TestServer } from "./support/server";

type Run = { id: string; status: string; output: Record<string, unknown> | null; steps: { node_id: string; status: string; idempotency_key: string }[] };

let server: TestServer;
let counter: CounterService;
let api: ReturnType<typeof client>;

const call = (id: string, path: string) => ({ id, type: "tool", config: { tool: "http_request", params: { method: "POST", url: `${counter.url}${path}`, timeout_ms: 120_000 } } });

beforeAll(async () => {
  counter = await startCounterService();
  server = await startServer({ env: { SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1" } });
  api = client(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
  await counter?.close();
});

async function runStatus(id: string): Promise<string> {
  return (await api.get<Run>(`/api/runs/${id}`)).body.status;
}

/** Read straight from the database: no API call may wake the server's run runtime. */
function storedStatus(id: string): string {
  return withDb(server.dbFile, (conn) => (conn.prepare("SELECT status FROM runs WHERE id = ?").get(id) as { status: string }).status);
}

describe("crash recovery", () => {
  it("resumes a run killed mid-node after restart, re-running only the node in flight with the same key", async () => {
    const { body: wf } = await api.post<{ id: string }>("/api/workflows", { name: "Crashy", graph: chain([call("first", "/first"), call("slow", "/slow"), call("last", "/last")]) });
    const { body: run } = await api.post<Run>(`/api/workflows/${wf.id}/runs`, {});
    await counter.seen("/slow");
    await server.kill9();
    expect(counter.count("/last")).toBe(0);

    await server.restart();
    const restarted = Date.now();
    // Only the health check has been served: recovery must come from the start-up hook.
    await expect.poll(() => storedStatus(run.id), { timeout: 10_000, interval: 100 }).toBe("completed");
    const recoveredMs = Date.now() - restarted;
    expect(recoveredMs).toBeLessThan(10_000);

    expect(counter.count("/first")).toBe(1);
    expect(counter.count("/last")).toBe(1);
    expect(counter.keys("/slow")).toEqual([`${run.id}:slow:1`, `${run.id}:slow:1`]);
    const done = (await api.get<Run>(`/api/runs/${run.id}`)).body;
    expect(done.steps.filter((s) => s.status === "completed").map((s) => s.node_id)).toEqual(["first", "slow", "last"]);
    expect(done.output).toMatchObject({ last: { status: 200 } });
    expect((await api.get("/api/audit/verify")).body).toMatchObject({ ok: true });
  });

  it("waits for a live lease of another process to expire before taking the run over", async () => {
    const { body: wf } = await api.post<{ id: string }>("/api/workflows", { name: "Leased", graph: chain([call("one", "/one"), call("two", "/two")]) });
    const { body: run } = await api.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, {});
    expect(run.status).toBe("completed");
    // Pretend a process on another machine is driving the run, with 3 s left on its lease.
    const conn = openDb(server.dbFile);
    const expires = new Date(Date.now() + 3000).toISOString().replace("Z", "+00:00");
    conn.prepare("UPDATE runs SET status = 'running', finished_at = NULL, lease_owner = 'elsewhere:1:abcd', lease_expires_at = ? WHERE id = ?").run(expires, run.id);
    conn.close();
    const before = Date.now();
    await expect.poll(() => runStatus(run.id), { timeout: 10_000, interval: 100 }).toBe("completed");
    expect(Date.now() - before).toBeGreaterThanOrEqual(2500);
    expect(counter.count("/one")).toBe(1);
  });
});

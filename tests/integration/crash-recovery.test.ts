import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCounterService, type CounterService } from "./support/counter-service";
import { dbOf, type TestDb } from "./support/db";
import { client } from "./support/http";
import { chain, httpCall, parallelCalls } from "./support/run-graphs";
import { startServer, type TestServer } from "./support/server";

type Run = { id: string; status: string; output: Record<string, unknown> | null; steps: { node_id: string; status: string; idempotency_key: string }[] };

let server: TestServer;
/** A connection to the server's database of the test's own: it outlives the server's restarts. */
let db: TestDb;
let counter: CounterService;
let api: ReturnType<typeof client>;

const call = (id: string, path: string) => httpCall(id, `${counter.url}${path}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const BRANCHES = 3;
const CALLS_PER_BRANCH = 3;

/** Calls of the load test made before their predecessor's completed step was stored (none may be). */
const earlyCalls: string[] = [];

/** A branch's call may only be made once the call before it on the branch is stored as completed. */
async function checkPredecessorStored(path: string, key: string | undefined): Promise<void> {
  const match = path === "/load" && key ? /^(.+):b(\d+)c(\d+):1$/.exec(key) : null;
  if (!match || match[3] === "0") return;
  const [, runId, branch, call] = match;
  const previous = `${runId}:b${branch}c${Number(call) - 1}:1`;
  const stored = await db.get("SELECT 1 FROM steps WHERE run_id = ? AND idempotency_key = ? AND status = 'completed'", [runId, previous]).catch((err: Error) => `unknown (${err.message})`);
  if (!stored) earlyCalls.push(key!);
  if (typeof stored === "string") earlyCalls.push(`${key}: ${stored}`);
}

beforeAll(async () => {
  counter = await startCounterService(checkPredecessorStored);
  server = await startServer({ env: { SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1" } });
  db = await dbOf(server);
  api = client(server.baseUrl);
});
afterAll(async () => {
  await db?.close();
  await server?.stop();
  await counter?.close();
});

async function runStatus(id: string): Promise<string> {
  return (await api.get<Run>(`/api/runs/${id}`)).body.status;
}

/** Read straight from the database: no API call may wake the server's run runtime. */
async function storedStatus(id: string): Promise<string> {
  return db.value<string>("SELECT status FROM runs WHERE id = ?", [id]);
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
    const expires = new Date(Date.now() + 3000).toISOString().replace("Z", "+00:00");
    await db.run("UPDATE runs SET status = 'running', finished_at = NULL, lease_owner = 'elsewhere:1:abcd', lease_expires_at = ? WHERE id = ?", [expires, run.id]);
    const before = Date.now();
    await expect.poll(() => runStatus(run.id), { timeout: 10_000, interval: 100 }).toBe("completed");
    expect(Date.now() - before).toBeGreaterThanOrEqual(2500);
    expect(counter.count("/one")).toBe(1);
  });

  it("fails a run whose node is in flight at every crash on its sixth takeover in a row, instead of resuming it at every restart", async () => {
    const { body: wf } = await api.post<{ id: string }>("/api/workflows", { name: "Doomed", graph: chain([call("before", "/before"), call("doomed", "/doomed?delay_ms=60000")]) });
    const { body: run } = await api.post<Run>(`/api/workflows/${wf.id}/runs`, {});
    // The trigger runs `doomed` once and each of five restarts once more; every time the server dies under it.
    for (let calls = 1; calls <= 6; calls++) {
      await counter.seen("/doomed", calls, 20_000);
      await server.kill9();
      await server.restart();
    }
    await expect.poll(() => storedStatus(run.id), { timeout: 10_000, interval: 100 }).toBe("failed");
    await sleep(1500);
    expect(counter.count("/doomed")).toBe(6);
    expect(counter.count("/before")).toBe(1);
    expect(new Set(counter.keys("/doomed"))).toEqual(new Set([`${run.id}:doomed:1`]));
    const failed = (await api.get<Run & { error_message: string }>(`/api/runs/${run.id}`)).body;
    expect(failed.error_message).toBe(
      "the server stopped 6 times in a row while running this run, each time before it settled another step (in flight: doomed); it is not resumed again — resume it by hand once the cause is fixed",
    );
    expect(failed.steps.map((s) => [s.node_id, s.status])).toEqual([
      ["before", "completed"],
      ["doomed", "failed"],
    ]);
    expect((await api.get("/api/audit/verify")).body).toMatchObject({ ok: true });
  });

  it("a stop hands its runs back: leases dropped, and the next start resumes them without counting a takeover", async () => {
    const { body: wf } = await api.post<{ id: string }>("/api/workflows", { name: "Handed back", graph: chain([call("held", "/held?delay_ms=60000"), call("then", "/then")]) });
    const { body: run } = await api.post<Run>(`/api/workflows/${wf.id}/runs`, {});
    await counter.seen("/held");
    const stopped = Date.now();
    await server.halt();
    expect(Date.now() - stopped).toBeLessThan(5_000);
    const row = () => db.get("SELECT status, lease_owner, takeovers FROM runs WHERE id = ?", [run.id]);
    expect(await row()).toEqual({ status: "running", lease_owner: null, takeovers: 0 });

    await server.restart();
    await counter.seen("/held", 2);
    expect(counter.keys("/held")).toEqual([`${run.id}:held:1`, `${run.id}:held:1`]);
    expect(await row()).toMatchObject({ status: "running", takeovers: 0 });
    // Not waiting a minute for the held call: cancel, and the run ends.
    expect((await api.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(200);
    await expect.poll(() => storedStatus(run.id), { timeout: 10_000, interval: 100 }).toBe("failed");
  });

  it("under concurrent load: every run finishes after a kill -9, and no call whose step was stored is made again", async () => {
    const { body: wf } = await api.post<{ id: string }>("/api/workflows", { name: "Busy", graph: parallelCalls(counter.url, 20, BRANCHES, CALLS_PER_BRANCH) });
    let stop = false;
    const clients = Array.from({ length: 16 }, async (_, c) => {
      while (!stop) {
        // A quarter of the clients wait for their run, the rest fire and forget; requests cut by the kill are fine.
        await api.post(`/api/workflows/${wf.id}/runs${c % 4 === 0 ? "?wait=5000" : ""}`, {}).catch(() => sleep(20));
      }
    });
    await counter.seen("/load", 150);
    await server.kill9();
    stop = true;
    await Promise.allSettled(clients);

    // What the dead process had stored: the runs, and the calls whose steps completed.
    const stored = {
      runs: await db.all<{ id: string; status: string }>("SELECT id, status FROM runs WHERE workflow_id = ?", [wf.id]),
      keys: (await db.all<{ key: string }>("SELECT s.idempotency_key AS key FROM steps s JOIN runs r ON r.id = s.run_id WHERE r.workflow_id = ? AND s.status = 'completed' AND s.node_id LIKE 'b%'", [wf.id])).map((r) => r.key),
    };
    const unfinished = stored.runs.filter((r) => r.status !== "completed");
    expect(unfinished.length).toBeGreaterThan(0);
    const callsBefore = counter.count("/load");

    await server.restart();
    await expect.poll(() => db.get("SELECT count(*) AS n FROM runs WHERE workflow_id = ? AND status <> 'completed'", [wf.id]), { timeout: 20_000, interval: 200 }).toEqual({ n: 0 });
    expect(counter.count("/load")).toBeGreaterThan(callsBefore);

    const seen = new Map<string, number>();
    for (const key of counter.keys("/load")) seen.set(key!, (seen.get(key!) ?? 0) + 1);
    // A call stored as completed was never made again.
    for (const key of stored.keys) expect(seen.get(key), key).toBe(1);
    // Only calls in flight at the kill were repeated: at most one per branch of a run, each with its first key.
    const repeated = [...seen].filter(([, n]) => n > 1).map(([key]) => key);
    expect(repeated.length).toBeGreaterThan(0);
    for (const key of repeated) expect(seen.get(key), key).toBe(2);
    const repeatedPerRun = new Map<string, number>();
    for (const key of repeated) {
      const runId = key.split(":")[0];
      repeatedPerRun.set(runId, (repeatedPerRun.get(runId) ?? 0) + 1);
    }
    for (const [runId, n] of repeatedPerRun) expect(n, runId).toBeLessThanOrEqual(BRANCHES);

    // Every run, the ones the crash interrupted included, made each call and finished whole.
    for (const { id } of stored.runs) {
      const run = (await api.get<Run>(`/api/runs/${id}`)).body;
      expect(run.status).toBe("completed");
      const calls = run.steps.filter((s) => s.node_id.startsWith("b") && s.status === "completed");
      expect(calls).toHaveLength(BRANCHES * CALLS_PER_BRANCH);
      for (const step of calls) expect(step.idempotency_key).toBe(`${id}:${step.node_id}:1`);
      for (const step of calls) expect(seen.get(step.idempotency_key), step.idempotency_key).toBeGreaterThanOrEqual(1);
    }
    expect((await api.get("/api/audit/verify")).body).toMatchObject({ ok: true });
    // Before and after the crash, no call started before the one it follows was durable.
    expect(earlyCalls).toEqual([]);
  });
});

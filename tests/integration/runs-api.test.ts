import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokenGraph, twoNodeGraph } from "./support/graphs";
import { client } from "./support/http";
import { agentChain, delayGraph, gateGraph } from "./support/run-graphs";
import { startServer, type TestServer } from "./support/server";
import { withDb } from "./support/db";

type Step = { id: string; seq: number; node_id: string; status: string; input: Record<string, unknown> | null; output: unknown; cost_usd: number; tokens_in: number; model: string | null; idempotency_key: string };
type Run = {
  id: string; status: string; workflow_id: string; workflow_name: string; workflow_version: number; output: Record<string, unknown> | null;
  cost_usd: number; tokens_in: number; tokens_out: number; error_message: string | null; pending_gate: { node_id: string; prompt: string } | null; started_at: string | null;
  steps: Step[]; spend: { cost_usd: number; by_model: { key: string; cost_usd: number }[]; by_node: { key: string }[] };
};
type Page<T> = { items: T[]; next_cursor: string | null };
type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

let server: TestServer;
let api: ReturnType<typeof client>;

async function workflow(graph: unknown, name = "Runs"): Promise<string> {
  const res = await api.post<{ id: string }>("/api/workflows", { name, graph });
  expect(res.status).toBe(201);
  return res.body.id;
}

const countRows = (table: string) => withDb(server, (db) => db.value<number>(`SELECT COUNT(*) AS n FROM ${table}`));

beforeAll(async () => {
  server = await startServer();
  api = client(server.baseUrl);
});
afterAll(async () => server?.stop());

describe("triggering runs", () => {
  it("answers 201 at once with the run started, which then completes in the background", async () => {
    const wf = await workflow(delayGraph(1500));
    const started = Date.now();
    const res = await api.post<Run>(`/api/workflows/${wf}/runs`, { input: { ticket: "T-1" } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(201);
    // The run is created and started in one transaction: it is never seen `pending`. The answer
    // is the run as it stands: its first step (1.5 s long) may have begun by the time it is read.
    expect(res.body).toMatchObject({ status: "running", workflow_id: wf, workflow_version: 1, workflow_name: "Runs" });
    expect(res.body.steps.map((s) => [s.node_id, s.status])).toEqual(res.body.steps.length === 0 ? [] : [["wait", "running"]]);
    expect(res.body.started_at).toEqual(expect.any(String));
    const done = await api.post<Run>(`/api/workflows/${wf}/runs?wait=5000`, {});
    expect(done.body.status).toBe("completed");
    await expect.poll(async () => (await api.get<Run>(`/api/runs/${res.body.id}`)).body.status, { timeout: 5000 }).toBe("completed");
  });

  it("?wait= answers with the completed run, its output, steps and costs", async () => {
    const wf = await workflow(twoNodeGraph());
    const res = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "printer on fire" } });
    expect(res.status).toBe(201);
    const run = res.body;
    expect(run.status).toBe("completed");
    expect(run.output).toMatchObject({ ticket: "printer on fire", input: { ticket: "printer on fire" } });
    expect(typeof run.output?.category).toBe("string");
    expect(run.steps.map((s) => [s.node_id, s.status])).toEqual([["classify", "completed"], ["store", "completed"]]);
    expect(run.steps[0].input).toEqual({ ticket: "printer on fire", input: { ticket: "printer on fire" } });
    expect(run.steps[1].input).toHaveProperty("category");
    expect(run.steps[0].idempotency_key).toBe(`${run.id}:classify:1`);
    expect(run.steps[0].cost_usd).toBeGreaterThan(0);
    expect(run.steps[0].model).toBe("mock");
    const sum = run.steps.reduce((a, s) => a + Math.round(s.cost_usd * 1e6), 0) / 1e6;
    expect(run.cost_usd).toBe(sum);
    expect(run.spend.cost_usd).toBe(run.cost_usd);
    expect(run.spend.by_model).toEqual([expect.objectContaining({ key: "mock", cost_usd: run.cost_usd })]);
    expect(run.tokens_in).toBe(run.steps.reduce((a, s) => a + s.tokens_in, 0));
  });

  it("says in Server-Timing how long the engine host spent on the command", async () => {
    const wf = await workflow(delayGraph(300));
    const started = performance.now();
    const res = await api.post<Run>(`/api/workflows/${wf}/runs?wait=5000`, {});
    const wall = performance.now() - started;
    expect(res.body.status).toBe("completed");
    const header = res.headers.get("server-timing") ?? "";
    const dur = (name: string) => Number(new RegExp(`(?:^|, )${name};dur=([0-9.]+)`).exec(header)?.[1]);
    // The engine host waited for the run, so its figure covers the delay node.
    expect(dur("engine")).toBeGreaterThanOrEqual(300);
    expect(dur("handoff")).toBeGreaterThanOrEqual(0);
    expect(dur("engine") + dur("handoff")).toBeLessThanOrEqual(wall);
    // Errors carry no timing: they never reached a reply.
    const refused = await api.post(`/api/workflows/${wf}/runs?wait=nope`, {});
    expect(refused.status).toBe(400);
    expect(refused.headers.get("server-timing")).toBeNull();
  });

  it("applies trigger options over the graph settings", async () => {
    const wf = await workflow(agentChain(3));
    const res = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { options: { max_node_executions: 2 } });
    expect(res.body.status).toBe("failed");
    expect(res.body.error_message).toMatch(/execution/i);
  });

  it("?wait= answers each settled run exactly as it is then read: completed, failed and paused", async () => {
    const triggers: [graph: unknown, body: Record<string, unknown>, status: string][] = [
      [twoNodeGraph(), { input: { ticket: "T-31" } }, "completed"],
      [agentChain(3), { input: { ticket: "T-32" }, options: { max_node_executions: 2 } }, "failed"],
      [gateGraph(), { input: { ticket: "T-33" } }, "paused"],
    ];
    for (const [graph, body, status] of triggers) {
      const wf = await workflow(graph, `Answered ${status}`);
      const waited = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, body);
      expect(waited.body.status).toBe(status);
      expect(waited.body.workflow_name).toBe(`Answered ${status}`);
      expect(waited.body).toEqual((await api.get<Run>(`/api/runs/${waited.body.id}`)).body);
    }
  });

  it("refuses an invalid graph with 422 and the errors, storing nothing", async () => {
    const wf = await workflow(brokenGraph());
    const runsBefore = await countRows("runs");
    const auditBefore = await countRows("audit_entries");
    const res = await api.post<ErrorBody>(`/api/workflows/${wf}/runs`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("invalid_graph");
    const errors = res.body.error.details?.errors as { code: string }[];
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(await countRows("runs")).toBe(runsBefore);
    expect(await countRows("audit_entries")).toBe(auditBefore);
  });

  it("refuses bad bodies and queries with 400 and paths", async () => {
    const wf = await workflow(twoNodeGraph());
    const bad = await api.post<ErrorBody>(`/api/workflows/${wf}/runs`, { input: [1, 2], options: { max_parallel_nodes: 0, bogus: 1 } });
    expect(bad.status).toBe(400);
    const paths = (bad.body.error.details?.issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["input", "options.max_parallel_nodes"]));
    expect((await api.post<ErrorBody>(`/api/workflows/${wf}/runs`, "{nope")).body.error.code).toBe("invalid_json");
    for (const wait of ["0", "300001", "abc", "-5"]) {
      const res = await api.post<ErrorBody>(`/api/workflows/${wf}/runs?wait=${wait}`, {});
      expect(res.status, wait).toBe(400);
      expect(res.body.error.code).toBe("invalid_query");
    }
    expect((await api.get<ErrorBody>(`/api/runs?status=bogus`)).status).toBe(400);
  });

  it("answers 404 for unknown workflows and runs", async () => {
    expect((await api.post("/api/workflows/nope/runs", {})).status).toBe(404);
    expect((await api.get("/api/workflows/nope/runs")).status).toBe(404);
    for (const path of ["/api/runs/nope", "/api/runs/nope/checkpoints", "/api/runs/nope/events", "/api/runs/..%2Fx"]) {
      expect((await api.get(path)).status, path).toBe(404);
    }
    for (const action of ["resume", "cancel"]) expect((await api.post(`/api/runs/nope/${action}`)).status).toBe(404);
    expect((await api.post("/api/runs/nope/approve", { node_id: "x" })).status).toBe(404);
  });
});

describe("gates and lifecycle", () => {
  it("pauses at a gate, refuses bad reviewer input, then completes once approved", async () => {
    const wf = await workflow(gateGraph());
    const paused = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "T-9" } });
    expect(paused.body.status).toBe("paused");
    expect(paused.body.pending_gate).toMatchObject({ node_id: "review", prompt: "Approve the draft for T-9?", required_approvals: 1, approvals: [], may_decide: true });
    const id = paused.body.id;

    const inbox = await api.get<Page<{ run_id: string; workflow_name: string; waited_ms: number; pending_gate: { node_id: string } }>>("/api/approvals");
    expect(inbox.body.items.find((i) => i.run_id === id)).toMatchObject({ workflow_name: "Runs", pending_gate: { node_id: "review" } });

    const missing = await api.post<ErrorBody>(`/api/runs/${id}/approve`, { node_id: "review", input: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details?.issues).toEqual([expect.objectContaining({ path: "input.decision" })]);
    expect((await api.post<ErrorBody>(`/api/runs/${id}/approve`, { node_id: "draft", input: { decision: "send" } })).status).toBe(409);
    expect((await api.post<ErrorBody>(`/api/runs/${id}/resume`)).body.error.code).toBe("bad_state");

    const approved = await api.post<Run>(`/api/runs/${id}/approve`, { node_id: "review", input: { decision: "send" }, comment: "ok" });
    expect(approved.status).toBe(202);
    await expect.poll(async () => (await api.get<Run>(`/api/runs/${id}`)).body.status, { timeout: 5000 }).toBe("completed");
    const run = (await api.get<Run>(`/api/runs/${id}`)).body;
    expect(run.output).toMatchObject({ decision: "send", send: { sent: "send" }, approval_review: { approved: true, comment: "ok", actor_id: "bootstrap", actor_name: "Bootstrap token" } });
    expect(run.steps.find((s) => s.node_id === "review")?.status).toBe("completed");
    expect((await api.post<ErrorBody>(`/api/runs/${id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(409);
    expect((await api.post(`/api/runs/${id}/cancel`)).status).toBe(409);

    const audit = await api.get<Page<{ action: string; details: Record<string, unknown> }>>(`/api/audit?target_type=run&target_id=${id}`);
    expect(audit.body.items.map((e) => e.action)).toEqual(["gate.approve", "run.trigger"]);
    expect(audit.body.items[0].details).toMatchObject({ node_id: "review", approvals_so_far: 1, required: 1 });
  });

  it("a run whose checkpoint a newer build wrote is refused with snapshot_too_new on every load, and nothing changes", async () => {
    const wf = await workflow(gateGraph());
    const { id } = (await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "T-10" } })).body;
    const stamp = (version: number) => withDb(server, (db) => db.run("UPDATE checkpoints SET state_schema_version = ? WHERE run_id = ?", [version, id]));
    await stamp(99);
    // What a decision or a read could change (the spend rollup folds steps in the background meanwhile).
    const rows = () =>
      withDb(server, async (db) => ({
        run: await db.get("SELECT * FROM runs WHERE id = ?", [id]),
        steps: await db.all("SELECT id, status, attempt, output, error, finished_at FROM steps WHERE run_id = ? ORDER BY seq", [id]),
        checkpoints: await db.all("SELECT seq, encoding, state, queue, state_schema_version FROM checkpoints WHERE run_id = ? ORDER BY seq", [id]),
        events: await db.all("SELECT seq, type FROM run_events WHERE run_id = ? ORDER BY seq", [id]),
        audit: await db.all("SELECT seq FROM audit_entries ORDER BY seq"),
      }));
    const before = await rows();
    for (const [method, path, body] of [
      ["post", `/api/runs/${id}/approve`, { node_id: "review", input: { decision: "send" } }],
      ["post", `/api/runs/${id}/cancel`, undefined],
      ["get", `/api/runs/${id}/checkpoints`, undefined],
      ["get", `/api/runs/${id}/checkpoints/1`, undefined],
      ["get", `/api/runs/${id}`, undefined],
    ] as const) {
      const res = method === "get" ? await api.get<ErrorBody>(path) : await api.post<ErrorBody>(path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.error.code).toBe("snapshot_too_new");
      expect(res.body.error.message).toMatch(/written by a newer Switchyard \(state schema version 99; this server reads up to 1\)/);
    }
    expect(await rows()).toEqual(before);

    await stamp(1);
    expect((await api.post<Run>(`/api/runs/${id}/approve`, { node_id: "review", input: { decision: "send" } })).status).toBe(202);
    await expect.poll(async () => (await api.get<Run>(`/api/runs/${id}`)).body.status, { timeout: 5000 }).toBe("completed");
  });

  it("reject fails the run naming the gate and the reviewer", async () => {
    const wf = await workflow(gateGraph());
    const { body } = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "T-2" } });
    const res = await api.post<Run>(`/api/runs/${body.id}/reject`, { node_id: "review", comment: "tone" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("failed");
    expect(res.body.error_message).toMatch(/review/);
    expect(res.body.error_message).toMatch(/rejected by Bootstrap token: tone/);
    expect((await api.post(`/api/runs/${body.id}/reject`, { node_id: "review" })).status).toBe(409);
    expect((await api.post<ErrorBody>(`/api/runs/${body.id}/reject`, {})).status).toBe(400);
  });

  it("cancel stops an active run; resume continues a failed one to completion", async () => {
    const wf = await workflow(delayGraph(60_000));
    const { body } = await api.post<Run>(`/api/workflows/${wf}/runs`, {});
    await expect.poll(async () => (await api.get<Run>(`/api/runs/${body.id}`)).body.status, { timeout: 5000 }).toBe("running");
    const cancelled = await api.post<Run>(`/api/runs/${body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "failed", error_message: "cancelled by Bootstrap token" });
    expect((await api.post(`/api/runs/${body.id}/cancel`)).status).toBe(409);

    const wf2 = await workflow(gateGraph());
    const paused = (await api.post<Run>(`/api/workflows/${wf2}/runs?wait=10000`, { input: { ticket: "x" } })).body;
    const cancelledPaused = await api.post<Run>(`/api/runs/${paused.id}/cancel`);
    expect(cancelledPaused.body.status).toBe("failed");
    const resumed = await api.post<Run>(`/api/runs/${paused.id}/resume`);
    expect(resumed.status).toBe(202);
    expect(["running", "paused"]).toContain(resumed.body.status);
    await expect.poll(async () => (await api.get<Run>(`/api/runs/${paused.id}`)).body.status, { timeout: 5000 }).toBe("paused");
    const audit = await api.get<Page<{ action: string }>>(`/api/audit?target_type=run&target_id=${paused.id}`);
    expect(audit.body.items.map((e) => e.action)).toEqual(["run.resume", "run.cancel", "run.trigger"]);
  });
});

describe("reading runs", () => {
  it("lists runs newest first with filters and pagination", async () => {
    const wf = await workflow(twoNodeGraph(), "Listed");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: `#${i}` } })).body.id);
    const first = await api.get<Page<Run>>(`/api/workflows/${wf}/runs?limit=2`);
    expect(first.body.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.items[0]).not.toHaveProperty("steps");
    const second = await api.get<Page<Run>>(`/api/workflows/${wf}/runs?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    const all = await api.get<Page<Run>>(`/api/runs?workflow_id=${wf}&status=completed`);
    expect(all.body.items.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.body.items[0].workflow_name).toBe("Listed");
    expect((await api.get<Page<Run>>(`/api/runs?workflow_id=${wf}&status=failed`)).body.items).toEqual([]);
  });

  it("can leave the step input snapshots out of a run", async () => {
    const wf = await workflow(twoNodeGraph());
    const { body } = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "big" } });
    const lean = await api.get<Run>(`/api/runs/${body.id}?step_inputs=false`);
    expect(lean.body.steps.map((s) => s.input)).toEqual([null, null]);
    expect(lean.body.steps[0].output).toEqual(body.steps[0].output);
    expect((await api.get(`/api/runs/${body.id}?step_inputs=maybe`)).status).toBe(400);
  });

  it("run commands leave the step inputs out of their answers with ?step_inputs=false", async () => {
    const wf = await workflow(twoNodeGraph());
    const waited = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000&step_inputs=false`, { input: { ticket: "lean" } });
    expect(waited.status).toBe(201);
    expect(waited.body.status).toBe("completed");
    expect(waited.body.steps.map((s) => s.input)).toEqual([null, null]);
    const whole = (await api.get<Run>(`/api/runs/${waited.body.id}`)).body;
    expect(waited.body).toEqual({ ...whole, steps: whole.steps.map((s) => ({ ...s, input: null })) });
    const bad = await api.post<ErrorBody>(`/api/workflows/${wf}/runs?wait=10&step_inputs=0`, {});
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ issues: [{ path: "step_inputs" }] });

    const gated = await workflow(gateGraph());
    const paused = (await api.post<Run>(`/api/workflows/${gated}/runs?wait=10000`, { input: { ticket: "g" } })).body;
    expect(paused.status).toBe("paused");
    expect(paused.steps.find((s) => s.node_id === "draft")?.input).toMatchObject({ ticket: "g" });
    const approved = await api.post<Run>(`/api/runs/${paused.id}/approve?step_inputs=false`, { node_id: "review", input: { decision: "send" } });
    expect(approved.status).toBe(202);
    expect(approved.body.steps.every((s) => s.input === null)).toBe(true);
    const other = (await api.post<Run>(`/api/workflows/${gated}/runs?wait=10000`, { input: { ticket: "h" } })).body;
    const cancelled = await api.post<Run>(`/api/runs/${other.id}/cancel?step_inputs=false`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("failed");
    expect(cancelled.body.steps.length).toBeGreaterThan(0);
    expect(cancelled.body.steps.every((s) => s.input === null)).toBe(true);
  });

  it("refuses a whole run whose step inputs are too large to answer, leaves them out of a command's answer, and serves the lean forms", async () => {
    // A 900 KB input stays in the state, so each of the 90 steps' input snapshots carries it: ~81 MB in all.
    const wf = await workflow({
      nodes: Array.from({ length: 90 }, (_, i) => ({ id: `t${i}`, type: "tool", position: { x: i * 200, y: 0 }, config: { tool: "set", params: { [`k${i}`]: i } } })),
      edges: Array.from({ length: 89 }, (_, i) => ({ id: `e${i}`, source: `t${i}`, target: `t${i + 1}` })),
    });
    const blob = "x".repeat(900_000);
    const waited = await api.post<Run & { step_inputs_omitted?: boolean }>(`/api/workflows/${wf}/runs?wait=30000`, { input: { blob } });
    expect(waited.status).toBe(201);
    expect(waited.body.status).toBe("completed");
    expect(waited.body.step_inputs_omitted).toBe(true);
    expect(waited.body.steps).toHaveLength(90);
    expect(waited.body.steps.every((s) => s.input === null)).toBe(true);
    const id = waited.body.id;

    const whole = await api.get<ErrorBody>(`/api/runs/${id}`);
    expect(whole.status).toBe(422);
    expect(whole.body.error.code).toBe("too_large");
    expect(whole.body.error.message).toContain("?step_inputs=false");
    expect(whole.body.error.details?.estimated_bytes).toBeGreaterThan(whole.body.error.details?.limit_bytes as number);
    const lean = await api.get<Run & { step_inputs_omitted?: boolean }>(`/api/runs/${id}?step_inputs=false`);
    expect(lean.status).toBe(200);
    expect(lean.body.steps).toHaveLength(90);
    expect(lean.body).not.toHaveProperty("step_inputs_omitted");
    const last = lean.body.steps[89];
    const one = await api.get<Step>(`/api/runs/${id}/steps/${last.id}`);
    expect(one.status).toBe(200);
    expect(one.body.input).toHaveProperty("blob", blob);
    expect(one.body.input).toHaveProperty("t88"); // the step before it wrote its output

    const cps = await api.get<ErrorBody>(`/api/runs/${id}/checkpoints`);
    expect(cps.status).toBe(422);
    expect(cps.body.error.code).toBe("too_large");
    expect(cps.body.error.message).toContain("?state=false");
    const heads = await api.get<{ items: { seq: number }[] }>(`/api/runs/${id}/checkpoints?state=false`);
    expect(heads.body.items).toHaveLength(91);

    // A run of ordinary size is answered whole, with no such flag.
    const small = await api.post<Run>(`/api/workflows/${await workflow(twoNodeGraph())}/runs?wait=10000`, { input: { ticket: "small" } });
    expect(small.body).not.toHaveProperty("step_inputs_omitted");
    expect(small.body.steps[0].input).toMatchObject({ ticket: "small" });
  });

  it("serves checkpoints with public state for time travel", async () => {
    const wf = await workflow(twoNodeGraph());
    const { body } = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "cp" } });
    const cps = await api.get<{ items: { seq: number; step_name: string; completed: string[]; state: Record<string, unknown> }[] }>(`/api/runs/${body.id}/checkpoints`);
    expect(cps.body.items.map((c) => c.step_name)).toEqual(["run_start", "node:classify", "node:store"]);
    expect(cps.body.items[2].completed).toEqual(["classify", "store"]);
    expect(cps.body.items[1].state).toHaveProperty("category");
  });

  it("serves a lean checkpoint list, one checkpoint whole, and one step with its input", async () => {
    const wf = await workflow(twoNodeGraph());
    const { body } = await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "one" } });
    const full = (await api.get<{ items: Record<string, unknown>[] }>(`/api/runs/${body.id}/checkpoints`)).body.items;
    const lean = await api.get<{ items: Record<string, unknown>[] }>(`/api/runs/${body.id}/checkpoints?state=false`);
    expect(lean.status).toBe(200);
    expect(lean.body.items).toEqual(full.map(({ seq, step_name, created_at }) => ({ seq, step_name, created_at })));
    for (const cp of full) expect((await api.get(`/api/runs/${body.id}/checkpoints/${cp.seq}`)).body).toEqual(cp);
    expect((await api.get(`/api/runs/${body.id}/checkpoints?state=maybe`)).status).toBe(400);

    // A step alone equals the same step in the run whole, input included.
    for (const step of body.steps) expect((await api.get(`/api/runs/${body.id}/steps/${step.id}`)).body).toEqual(step);

    for (const path of [`/api/runs/${body.id}/checkpoints/99`, `/api/runs/${body.id}/checkpoints/0`, `/api/runs/${body.id}/checkpoints/x`, `/api/runs/${body.id}/steps/nope`, `/api/runs/${body.id}/steps/..%2Fx`, "/api/runs/nope/steps/x", "/api/runs/nope/checkpoints/1"]) {
      const res = await api.get<ErrorBody>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code, path).toBe("not_found");
    }
    // Another run's step is not this run's.
    const other = (await api.post<Run>(`/api/workflows/${wf}/runs?wait=10000`, { input: { ticket: "two" } })).body;
    expect((await api.get(`/api/runs/${body.id}/steps/${other.steps[0].id}`)).status).toBe(404);
  });

  it("lists models and tools", async () => {
    const models = await api.get<{ items: { id: string; input_usd_per_mtok: number }[] }>("/api/models");
    expect(models.body.items.find((m) => m.id === "mock")?.input_usd_per_mtok).toBeGreaterThan(0);
    const tools = await api.get<{ items: { name: string; params: { name: string }[] }[] }>("/api/tools");
    expect(tools.body.items.map((t) => t.name).sort()).toEqual(["delay", "http_request", "json_parse", "set"]);
    expect(tools.body.items.find((t) => t.name === "http_request")?.params.map((p) => p.name)).toEqual(expect.arrayContaining(["method", "url"]));
  });

  it("keeps the audit chain valid", async () => {
    expect((await api.get("/api/audit/verify")).body).toMatchObject({ ok: true });
  });
});

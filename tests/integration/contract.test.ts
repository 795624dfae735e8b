/**
 * The answers' contract: every JSON route declares its answer's schema, real answers and
 * events match them (every integration call is checked, support/contract.ts; this file
 * samples each route once), a drift fails, and a client generated from the served OpenAPI
 * document with openapi-typescript types a run, its steps' tokens, an event's fields and
 * the other routes' answers — no `unknown` where an answer has a schema.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/http/openapi";
import { apiKey, person, sessionCookie, signIn } from "./support/accounts";
import { checkAnswer, checkedCounts, checkedOperations, checkEvent } from "./support/contract";
import { twoNodeGraph } from "./support/graphs";
import { callHook } from "./support/hooks";
import { client, request } from "./support/http";
import { gateGraph } from "./support/run-graphs";
import { startServerForFile } from "./support/server-for-file";
import { openSse } from "./support/sse";

const ctx = startServerForFile();

type Run = { id: string; status: string; steps: { id: string; tokens_in: number }[] };

async function completedRun(): Promise<Run> {
  const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Contract", graph: twoNodeGraph() });
  const { body } = await ctx.api.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-1" } });
  expect(body.status).toBe("completed");
  return body;
}

describe("every JSON answer has a schema", () => {
  it("is declared by each operation that answers JSON with a body, but the OpenAPI document's own", () => {
    const answersJson = OPERATIONS.filter((op) => !op.stream && Object.keys(op.ok).some((status) => status !== "204"));
    expect(answersJson.filter((op) => !op.answer).map((op) => `${op.method} ${op.path}`)).toEqual(["get /api/openapi"]);
  });
});

// First in this file: owner setup answers only while no account exists.
describe("the account, webhook, checkpoint, gate, approval, audit, spend, catalogue and secret routes", () => {
  it("answer as their schemas say", async () => {
    const base = ctx.server.baseUrl;
    const anonymous = {};
    expect((await request(base, "GET", "/api/health", undefined, anonymous)).body).toEqual({ ok: true });
    expect((await request(base, "GET", "/api/setup", undefined, anonymous)).body).toEqual({ needed: true, allowed: true });
    const owner = { email: "owner@example.com", name: "Owner", password: "an owner's long password" };
    const setUp = await request(base, "POST", "/api/setup", owner, anonymous);
    expect(setUp.status).toBe(201);
    expect((await client(base, sessionCookie(setUp.headers)).get("/api/me")).body).toMatchObject({ type: "user", email: owner.email, role: "admin" });
    expect((await ctx.api.get("/api/me")).body).toMatchObject({ type: "api_key", email: null, role: "admin" });

    const signedIn = await signIn(base, owner.email, owner.password);
    expect(signedIn.status).toBe(200);
    const changed = await request(base, "POST", "/api/auth/change-password", { current_password: owner.password, new_password: "another long password" }, signedIn.auth);
    expect(changed.body).toEqual({ changed: true });
    expect((await request(base, "POST", "/api/auth/sign-out", {}, signedIn.auth)).body).toEqual({ signed_out: true });

    const viewer = await person(base, "viewer");
    expect((await ctx.api.patch(`/api/users/${viewer.id}`, { role: "approver" })).body).toMatchObject({ role: "approver" });
    expect((await ctx.api.get<{ items: unknown[] }>("/api/users")).body.items).toHaveLength(2);
    await apiKey(base, "viewer");
    expect((await ctx.api.get<{ items: unknown[] }>("/api/api-keys")).body.items).toHaveLength(1);

    expect((await ctx.api.post("/api/secrets", { name: "CONTRACT_TOKEN", value: "first" })).status).toBe(201);
    expect((await ctx.api.put("/api/secrets/CONTRACT_TOKEN", { value: "second" })).status).toBe(200);
    expect((await ctx.api.get("/api/secrets")).body).toMatchObject({ items: [{ name: "CONTRACT_TOKEN" }], next_cursor: null });
    await ctx.api.get("/api/models");
    await ctx.api.get("/api/tools");

    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Contract hooks", graph: twoNodeGraph() });
    const hook = `/api/workflows/${wf.id}/hook`;
    expect((await ctx.api.get(hook)).body).toEqual({ hook: null });
    expect((await ctx.api.post(hook)).status).toBe(201);
    const rotated = await ctx.api.post<{ hook: { id: string }; secret: string }>(hook);
    expect(rotated.status).toBe(200);
    expect((await ctx.api.patch(hook, { enabled: false })).body).toMatchObject({ hook: { enabled: false } });
    await ctx.api.patch(hook, { enabled: true });
    const called = await callHook(base, rotated.body.hook.id, { ticket: "T-2" }, { kind: "signature", secret: rotated.body.secret }, { query: "?wait=10000" });
    expect(called.status).toBe(201);
    expect((await ctx.api.get(hook)).body).toMatchObject({ hook: { last_triggered_at: expect.any(String) } });

    const { body: gated } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Contract gate", graph: gateGraph() });
    const { body: paused } = await ctx.api.post<{ id: string; status: string }>(`/api/workflows/${gated.id}/runs?wait=10000`, { input: { ticket: "T-3" } });
    expect(paused.status).toBe("paused");
    expect((await ctx.api.get(`/api/runs/${paused.id}/gate`)).body).toMatchObject({ run_id: paused.id, pending_gate: { node_id: "review", may_decide: true } });
    expect((await ctx.api.get<{ items: { run_id: string }[] }>("/api/approvals")).body.items.map((a) => a.run_id)).toContain(paused.id);
    const heads = await ctx.api.get<{ items: { seq: number }[] }>(`/api/runs/${paused.id}/checkpoints?state=false`);
    expect(heads.body.items.length).toBeGreaterThan(0);
    await ctx.api.get(`/api/runs/${paused.id}/checkpoints`);
    await ctx.api.get(`/api/runs/${paused.id}/checkpoints/${heads.body.items[0].seq}`);
    expect((await ctx.api.get(`/api/runs/${called.body.id}/gate`)).body).toMatchObject({ status: "completed", pending_gate: null });

    await ctx.api.get("/api/audit?limit=5");
    expect((await ctx.api.get("/api/audit/verify")).body).toMatchObject({ ok: true, scope: "full" });
    expect((await ctx.api.get("/api/audit/verify?scope=new")).body).toMatchObject({ ok: true, scope: "new" });
    await ctx.api.get("/api/spend?period=all");
    expect((await ctx.api.get<{ items: unknown[] }>(`/api/spend/runs?period=all&workflow_id=${wf.id}`)).body.items).toHaveLength(1);

    const sampled = [
      "get /api/health", "get /api/setup", "post /api/setup", "get /api/me", "post /api/auth/sign-in/email", "post /api/auth/change-password", "post /api/auth/sign-out",
      "get /api/users", "post /api/users", "patch /api/users/{userId}", "get /api/api-keys", "post /api/api-keys",
      "get /api/secrets", "post /api/secrets", "put /api/secrets/{name}", "get /api/models", "get /api/tools",
      "get /api/workflows/{id}/hook", "post /api/workflows/{id}/hook", "patch /api/workflows/{id}/hook", "post /api/hooks/{hook_id}",
      "get /api/runs/{id}/gate", "get /api/approvals", "get /api/runs/{id}/checkpoints", "get /api/runs/{id}/checkpoints/{seq}",
      "get /api/audit", "get /api/audit/verify", "get /api/spend", "get /api/spend/runs",
    ];
    const checked = checkedOperations();
    expect(sampled.filter((op) => !checked.has(op))).toEqual([]);
  });

  it("a drifted answer of theirs fails the check too", async () => {
    const { body } = await ctx.api.get<Record<string, unknown>>("/api/spend?period=all");
    const { total: _total, ...noTotal } = body;
    expect(() => checkAnswer("GET", "/api/spend?period=all", 200, noTotal)).toThrow(/total/);
    const { body: me } = await ctx.api.get<Record<string, unknown>>("/api/me");
    expect(() => checkAnswer("GET", "/api/me", 200, { ...me, role: "owner" })).toThrow(/role/);
  });
});

describe("answers and events match their schemas", () => {
  it("checks each run answer and event the suite receives", async () => {
    const before = checkedCounts();
    const run = await completedRun();
    await ctx.api.get(`/api/runs/${run.id}`);
    await ctx.api.get(`/api/runs/${run.id}?step_inputs=false`);
    await ctx.api.get(`/api/runs?limit=5`);
    await ctx.api.get(`/api/runs/${run.id}/steps/${run.steps[0].id}`);
    const sse = await openSse(`${ctx.server.baseUrl}/api/runs/${run.id}/events`);
    await sse.waitFor((e) => e.event === "run.status" && (e.data as { status: string }).status === "completed");
    sse.close();
    const after = checkedCounts();
    expect(after.answers - before.answers).toBeGreaterThanOrEqual(5);
    expect(after.events - before.events).toBeGreaterThanOrEqual(5);
  });

  it("a drifted answer or event fails the check", async () => {
    const run = await completedRun();
    const { body } = await ctx.api.get<Record<string, unknown>>(`/api/runs/${run.id}`);
    expect(() => checkAnswer("GET", `/api/runs/${run.id}`, 200, { ...body, surprise: 1 })).toThrow(/surprise/);
    const { steps: _steps, ...noSteps } = body;
    expect(() => checkAnswer("GET", `/api/runs/${run.id}`, 200, noSteps)).toThrow(/steps/);
    expect(() => checkAnswer("GET", `/api/runs/${run.id}`, 200, { ...body, status: "done" })).toThrow(/status/);
    expect(() => checkEvent(`/api/runs/${run.id}/events`, "run.status", { run_id: run.id })).toThrow(/does not match/);
    expect(() => checkEvent(`/api/runs/${run.id}/events`, "run.finished", {})).toThrow(/does not declare/);
  });
});

describe("a client generated from the served document", () => {
  it("types a run's steps and tokens, an event's fields and the other routes' answers", async () => {
    const doc = await ctx.api.get<Record<string, unknown>>("/api/openapi");
    expect(doc.status).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-client-"));
    writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(doc.body));
    const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
    const gen = spawnSync(bin("openapi-typescript"), [path.join(dir, "openapi.json"), "-o", path.join(dir, "api.ts")], { encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
    writeFileSync(
      path.join(dir, "program.ts"),
      `import type { components, paths } from "./api";
type Run = paths["/api/runs/{id}"]["get"]["responses"][200]["content"]["application/json"];
type Listed = paths["/api/runs"]["get"]["responses"][200]["content"]["application/json"];
type Triggered = paths["/api/workflows/{id}/runs"]["post"]["responses"][201]["content"]["application/json"];
type StatusEvent = components["schemas"]["RunStatusEvent"];
type Saved = components["schemas"]["WorkflowSavedEvent"];
type Checkpoints = paths["/api/runs/{id}/checkpoints"]["get"]["responses"][200]["content"]["application/json"];
type Approvals = paths["/api/approvals"]["get"]["responses"][200]["content"]["application/json"];
type Spend = paths["/api/spend"]["get"]["responses"][200]["content"]["application/json"];
type Users = paths["/api/users"]["get"]["responses"][200]["content"]["application/json"];
type NewKey = paths["/api/api-keys"]["post"]["responses"][201]["content"]["application/json"];
type Hook = paths["/api/workflows/{id}/hook"]["get"]["responses"][200]["content"]["application/json"];
export function tokens(run: Run): number {
  return run.steps.reduce((sum, step) => sum + step.tokens_in + step.tokens_out, 0);
}
export const firstStatus = (page: Listed): "pending" | "running" | "paused" | "completed" | "failed" | undefined => page.items[0]?.status;
export const gateOf = (run: Triggered): string | undefined => run.pending_gate?.prompt;
export const describeEvent = (e: StatusEvent): string => \`\${e.run_id}: \${e.status} at \${e.cost_usd.toFixed(6)} USD\`;
export const saver = (e: Saved): string => e.saved_by.name ?? e.saved_by.id;
export const firstSeq = (list: Checkpoints): number | undefined => list.items[0]?.seq;
export const waitingIn = (page: Approvals): string[] => page.items.map((a) => a.workflow_name);
export const spent = (report: Spend): number => report.total.cost_usd;
export const roles = (users: Users): ("viewer" | "editor" | "approver" | "admin")[] => users.items.map((u) => u.role);
export const keyPrefix = (key: NewKey): string => key.prefix;
export const hookUrl = (answer: Hook): string | undefined => answer.hook?.url_path;
// @ts-expect-error a spend total has no such field: a report typed \`any\` would not refuse it
export const nowhere = (report: Spend) => report.total.no_such_field;
// @ts-expect-error a run has no such field: an answer typed \`unknown\` or \`any\` would not refuse it
export const nothing = (run: Run) => run.no_such_field;
`,
    );
    const tsc = spawnSync(bin("tsc"), ["--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--skipLibCheck", path.join(dir, "program.ts")], { encoding: "utf8" });
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  });
});

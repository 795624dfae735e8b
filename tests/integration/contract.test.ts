/**
 * The answers' contract: real answers and events of the run routes match their schemas
 * (every integration call is checked, support/contract.ts), a drift fails, and a client
 * generated from the served OpenAPI document with openapi-typescript types a run, its
 * steps' tokens and an event's fields — no `unknown` where an answer has a schema.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkAnswer, checkedCounts, checkEvent } from "./support/contract";
import { twoNodeGraph } from "./support/graphs";
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
  it("types a run's steps and tokens and an event's fields", async () => {
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
export function tokens(run: Run): number {
  return run.steps.reduce((sum, step) => sum + step.tokens_in + step.tokens_out, 0);
}
export const firstStatus = (page: Listed): "pending" | "running" | "paused" | "completed" | "failed" | undefined => page.items[0]?.status;
export const gateOf = (run: Triggered): string | undefined => run.pending_gate?.prompt;
export const describeEvent = (e: StatusEvent): string => \`\${e.run_id}: \${e.status} at \${e.cost_usd.toFixed(6)} USD\`;
export const saver = (e: Saved): string => e.saved_by.name ?? e.saved_by.id;
// @ts-expect-error a run has no such field: an answer typed \`unknown\` or \`any\` would not refuse it
export const nothing = (run: Run) => run.no_such_field;
`,
    );
    const tsc = spawnSync(bin("tsc"), ["--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--skipLibCheck", path.join(dir, "program.ts")], { encoding: "utf8" });
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  });
});

/**
 * Webhook triggers against the built server: editors make, rotate, disable and delete a
 * workflow's hook; a call authenticated by its secret or signature starts a run whose input
 * is the body and whose trigger is the webhook; a refused call (unknown or disabled hook,
 * oversized body, bad or replayed signature) stores nothing at all.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { person, type Person } from "./support/accounts";
import { snapshotAll, withDb } from "./support/db";
import { twoNodeGraph } from "./support/graphs";
import { callHook, signatureHeaders, type HookAuth } from "./support/hooks";
import { client, uploadEarlyAnswered } from "./support/http";
import { startServerForFile } from "./support/server-for-file";

type Hook = { id: string; workflow_id: string; enabled: boolean; url_path: string; created_at: string; rotated_at: string; last_triggered_at: string | null };
type Made = { hook: Hook; secret: string };
type Run = { id: string; status: string; workflow_id: string; input: Record<string, unknown>; triggered_by: { type: string; id: string; name: string } };
type ErrorBody = { error: { code: string; message: string } };
type Audit = { items: { action: string; actor_id: string; actor_type: string; actor_name: string; target_id: string; details: Record<string, unknown> }[] };

const ctx = startServerForFile();
let editor: Person;
let viewer: Person;
let workflowId: string;
let made: Made;

const asEditor = () => client(ctx.server.baseUrl, editor.auth);
const call = <T = Run>(body: unknown, auth: HookAuth, opts?: { query?: string; headers?: Record<string, string> }, id = made.hook.id) => callHook<T>(ctx.server.baseUrl, id, body, auth, opts);
const signed = (): HookAuth => ({ kind: "signature", secret: made.secret });

/** Until the engine's thread has folded the settled runs' spend (on a timer), which would change a snapshot meanwhile. */
async function spendFolded(): Promise<void> {
  const unfolded = () => withDb(ctx.server, (db) => db.value<number>("SELECT COUNT(*) FROM runs WHERE spend_folded = 0 AND status IN ('completed', 'failed')"));
  await expect.poll(unfolded, { timeout: 15_000, interval: 100 }).toBe(0);
}

/** `act` answers `status` with `code`, and no table changed. */
async function refusedWithoutChange(act: () => Promise<{ status: number; body: unknown }>, status: number, code: string): Promise<string> {
  await spendFolded();
  const before = await snapshotAll(ctx.server);
  const res = await act();
  expect([res.status, (res.body as ErrorBody).error?.code], JSON.stringify(res.body)).toEqual([status, code]);
  expect(await snapshotAll(ctx.server)).toEqual(before);
  return (res.body as ErrorBody).error.message;
}

beforeAll(async () => {
  editor = await person(ctx.server.baseUrl, "editor", "Hook Editor");
  viewer = await person(ctx.server.baseUrl, "viewer", "Hook Viewer");
  workflowId = (await ctx.api.post<{ id: string }>("/api/workflows", { name: "Tickets", graph: twoNodeGraph() })).body.id;
});

describe("managing a workflow's webhook", () => {
  it("lets a viewer see that there is none, and not make one", async () => {
    expect(await client(ctx.server.baseUrl, viewer.auth).get(`/api/workflows/${workflowId}/hook`)).toMatchObject({ status: 200, body: { hook: null } });
    await refusedWithoutChange(() => client(ctx.server.baseUrl, viewer.auth).post(`/api/workflows/${workflowId}/hook`), 403, "forbidden");
  });

  it("makes the hook for an editor, showing the secret once and auditing it without the secret", async () => {
    const res = await asEditor().post<Made>(`/api/workflows/${workflowId}/hook`);
    expect(res.status).toBe(201);
    made = res.body;
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.hook).toMatchObject({ workflow_id: workflowId, enabled: true, url_path: `/api/hooks/${made.hook.id}`, last_triggered_at: null });
    const read = await client(ctx.server.baseUrl, viewer.auth).get<{ hook: Hook }>(`/api/workflows/${workflowId}/hook`);
    expect(read.body.hook).toEqual(made.hook);
    expect(JSON.stringify(read.body)).not.toContain(made.secret);
    const audit = await ctx.api.get<Audit>(`/api/audit?action=hook.create&target_id=${made.hook.id}`);
    expect(audit.body.items).toMatchObject([{ actor_id: editor.id, actor_type: "user", actor_name: "Hook Editor", details: { workflow_id: workflowId } }]);
    const stored = await withDb(ctx.server, async (db) => JSON.stringify([...(await db.all("SELECT * FROM hooks")), ...(await db.all("SELECT * FROM audit_entries"))]));
    expect(stored).not.toContain(made.secret);
  });
});

describe("calling a webhook", () => {
  it("starts a run with the secret header, the body its input and the webhook its trigger", async () => {
    const res = await call({ ticket: "T-1" }, { kind: "secret", secret: made.secret }, { query: "?wait=10000" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "completed", workflow_id: workflowId, input: { ticket: "T-1" } });
  });

  it("starts a run with a valid signature; ?wait= answers with the finished run, triggered by the webhook", async () => {
    const res = await call({ ticket: "T-2", priority: 3 }, signed(), { query: "?wait=10000" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "completed", input: { ticket: "T-2", priority: 3 } });
    expect(res.body.triggered_by).toEqual({ type: "webhook", id: made.hook.id, name: "webhook Tickets" });
    const audit = await ctx.api.get<Audit>(`/api/audit?action=run.trigger&target_id=${res.body.id}`);
    expect(audit.body.items).toMatchObject([{ actor_type: "webhook", actor_id: made.hook.id, actor_name: "webhook Tickets" }]);
    const listed = await ctx.api.get<{ items: { id: string }[] }>(`/api/runs?triggered_by=${made.hook.id}`);
    expect(listed.body.items.map((r) => r.id)).toContain(res.body.id);
    const hook = await ctx.api.get<{ hook: Hook }>(`/api/workflows/${workflowId}/hook`);
    expect(hook.body.hook.last_triggered_at).not.toBeNull();
  });

  it("takes an empty body as the input {}", async () => {
    const res = await call("", signed(), { query: "?wait=10000" });
    expect([res.status, res.body.input]).toEqual([201, {}]);
  });

  it("refuses a bad signature, a wrong secret or no credential with 401, storing nothing", async () => {
    const body = JSON.stringify({ ticket: "forged" });
    const forged = { ...signatureHeaders("whsec_not-the-secret", body) };
    expect(await refusedWithoutChange(() => call(body, { kind: "none" }, { headers: forged }), 401, "invalid_signature")).toMatch(/does not match/);
    const tampered = signatureHeaders(made.secret, JSON.stringify({ ticket: "original" }));
    await refusedWithoutChange(() => call(body, { kind: "none" }, { headers: tampered }), 401, "invalid_signature");
    await refusedWithoutChange(() => call(body, { kind: "secret", secret: `${made.secret}x` }), 401, "invalid_signature");
    await refusedWithoutChange(() => call(body, { kind: "none" }), 401, "invalid_signature");
    await refusedWithoutChange(() => call(body, { kind: "none" }, { headers: { "x-switchyard-signature": "sha256=zz", "x-switchyard-timestamp": "1" } }), 401, "invalid_signature");
  });

  it("refuses a replayed call: a correct signature whose timestamp is over five minutes old", async () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    const message = await refusedWithoutChange(() => call({ ticket: "replay" }, { kind: "signature", secret: made.secret, timestamp: old }), 401, "invalid_signature");
    expect(message).toMatch(/more than 300 seconds/);
  });

  it("refuses a body over 1 MiB with 413 before checking anything else, storing nothing", async () => {
    const huge = JSON.stringify({ blob: "x".repeat(1_048_577 - '{"blob":""}'.length) });
    expect(Buffer.byteLength(huge)).toBe(1_048_577);
    const pieces = Array.from({ length: Math.ceil(huge.length / 65536) }, (_, i) => huge.slice(i * 65536, (i + 1) * 65536));
    const path = `/api/hooks/${made.hook.id}`;
    const headers = signatureHeaders(made.secret, huge);
    await refusedWithoutChange(() => uploadEarlyAnswered(ctx.server.baseUrl, "POST", path, pieces, Buffer.byteLength(huge), headers), 413, "payload_too_large");
    await refusedWithoutChange(() => uploadEarlyAnswered(ctx.server.baseUrl, "POST", path, pieces, undefined, headers), 413, "payload_too_large");
  });

  it("refuses a signed body that is not a JSON object, or not sent as JSON, storing nothing", async () => {
    await refusedWithoutChange(() => call("{nope", signed()), 400, "invalid_json");
    await refusedWithoutChange(() => call("[1,2]", signed()), 400, "invalid_body");
    await refusedWithoutChange(() => call('{"a":1}', signed(), { headers: { "content-type": "text/plain" } }), 415, "unsupported_media_type");
    await refusedWithoutChange(() => call({ a: 1 }, signed(), { query: "?wait=soon" }), 400, "invalid_query");
  });

  it("answers 404 for an unknown hook, whatever it sends", async () => {
    await refusedWithoutChange(() => call({ a: 1 }, signed(), {}, "hk_nosuchhook00000"), 404, "not_found");
    await refusedWithoutChange(() => call({ a: 1 }, signed(), {}, "..%2Fetc"), 404, "not_found");
  });

  it("answers 404 while the hook is disabled, even correctly signed, and works again once enabled", async () => {
    const off = await asEditor().patch<{ hook: Hook }>(`/api/workflows/${workflowId}/hook`, { enabled: false });
    expect([off.status, off.body.hook.enabled]).toEqual([200, false]);
    await refusedWithoutChange(() => call({ a: 1 }, signed()), 404, "not_found");
    await refusedWithoutChange(() => call({ a: 1 }, { kind: "secret", secret: made.secret }), 404, "not_found");
    expect((await asEditor().patch<{ hook: Hook }>(`/api/workflows/${workflowId}/hook`, { enabled: true })).body.hook.enabled).toBe(true);
    expect((await call({ a: 1 }, signed(), { query: "?wait=10000" })).status).toBe(201);
    const audit = await ctx.api.get<Audit>(`/api/audit?target_type=hook&target_id=${made.hook.id}`);
    expect(audit.body.items.map((e) => e.action).slice(0, 2)).toEqual(["hook.enable", "hook.disable"]);
    await refusedWithoutChange(() => client(ctx.server.baseUrl, viewer.auth).patch(`/api/workflows/${workflowId}/hook`, { enabled: false }), 403, "forbidden");
  });

  it("stops taking the old secret once rotated", async () => {
    const old = made.secret;
    const rotated = await asEditor().post<Made>(`/api/workflows/${workflowId}/hook`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.hook.id).toBe(made.hook.id);
    expect(rotated.body.secret).not.toBe(old);
    made = rotated.body;
    await refusedWithoutChange(() => call({ a: 1 }, { kind: "signature", secret: old }), 401, "invalid_signature");
    await refusedWithoutChange(() => call({ a: 1 }, { kind: "secret", secret: old }), 401, "invalid_signature");
    expect((await call({ a: 1 }, signed(), { query: "?wait=10000" })).status).toBe(201);
    expect((await ctx.api.get<Audit>(`/api/audit?action=hook.rotate&target_id=${made.hook.id}`)).body.items).toHaveLength(1);
  });

  it("is gone once deleted, and with its workflow", async () => {
    expect((await asEditor().del(`/api/workflows/${workflowId}/hook`)).status).toBe(204);
    await refusedWithoutChange(() => call({ a: 1 }, signed()), 404, "not_found");
    expect((await asEditor().get(`/api/workflows/${workflowId}/hook`)).body).toEqual({ hook: null });
    const again = await asEditor().post<Made>(`/api/workflows/${workflowId}/hook`);
    expect(again.status).toBe(201);
    expect((await asEditor().del(`/api/workflows/${workflowId}`)).status).toBe(204);
    await refusedWithoutChange(() => callHook(ctx.server.baseUrl, again.body.hook.id, { a: 1 }, { kind: "secret", secret: again.body.secret }), 404, "not_found");
    expect(ctx.server.log()).not.toContain(made.secret);
    expect(ctx.server.log()).not.toContain(again.body.secret);
  });
});

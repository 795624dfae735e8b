import { describe, expect, it } from "vitest";
import { twoNodeGraph } from "./support/graphs";
import { startServerForFile } from "./support/server-for-file";
import { withDb } from "./support/db";

type Entry = { seq: number; id: string; action: string; actor_id: string; target_type: string; target_id: string; details: Record<string, unknown>; created_at: string; prev_hash: string; hash: string };
type EntryPage = { items: Entry[]; next_cursor: string | null };

const ctx = startServerForFile();

describe("audit", () => {
  it("records create, update, delete with a chain that verifies", async () => {
    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Audited", graph: twoNodeGraph() });
    await ctx.api.put(`/api/workflows/${wf.id}`, { name: "Renamed", graph: twoNodeGraph("changed"), base_version: 1 });
    await ctx.api.del(`/api/workflows/${wf.id}`);
    const res = await ctx.api.get<EntryPage>(`/api/audit?target_type=workflow&target_id=${wf.id}`);
    expect(res.body.items.map((e) => e.action)).toEqual(["workflow.delete", "workflow.update", "workflow.create"]);
    expect(res.body.items[1]).toMatchObject({ actor_id: "bootstrap", actor_type: "api_key", actor_name: "Bootstrap token", details: { fields: ["name", "graph"], from_version: 1, to_version: 2 } });
    expect(res.body.items[0].prev_hash).toBe(res.body.items[1].hash);
    expect(new Date(res.body.items[0].created_at).toISOString()).toBe(res.body.items[0].created_at);
    expect(await ctx.api.get("/api/audit/verify")).toMatchObject({ status: 200, body: { ok: true, checked: 3 } });
  });

  it("names each target as it is called now, outside the hashed row: a workflow, a run, a person", async () => {
    const { body: wf } = await ctx.api.post<{ id: string }>("/api/workflows", { name: "Named target", graph: twoNodeGraph() });
    const { body: run } = await ctx.api.post<{ id: string }>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T" } });
    const { body: user } = await ctx.api.post<{ id: string }>("/api/users", { name: "Nia Named", email: `nia-${Date.now()}@example.com`, role: "viewer", password: "nia-password-123" });
    await ctx.api.put(`/api/workflows/${wf.id}`, { name: "Named target, renamed", base_version: 1 });
    const named = async (type: string, id: string) => (await ctx.api.get<{ items: (Entry & { target_name: string | null })[] }>(`/api/audit?target_type=${type}&target_id=${id}`)).body.items;
    expect((await named("workflow", wf.id)).map((e) => e.target_name)).toEqual(["Named target, renamed", "Named target, renamed"]);
    expect((await named("run", run.id))[0].target_name).toMatch(/^Named target, renamed · run #\d+$/);
    expect((await named("user", user.id))[0].target_name).toBe("Nia Named");
    // The name is read, not stored: the chain still verifies after the rename.
    expect((await ctx.api.get<{ ok: boolean }>("/api/audit/verify")).body.ok).toBe(true);
  });

  it("refused requests write no audit rows", async () => {
    const before = (await ctx.api.get<EntryPage>("/api/audit?limit=500")).body.items.length;
    await ctx.api.post("/api/workflows", "{oops");
    await ctx.api.post("/api/workflows", { name: 7 });
    await ctx.api.put("/api/workflows/nope", { base_version: 1 });
    expect((await ctx.api.get<EntryPage>("/api/audit?limit=500")).body.items).toHaveLength(before);
  });

  it("keeps the chain intact under concurrent writes", async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => ctx.api.post("/api/workflows", { name: `parallel ${i}` })));
    const verify = await ctx.api.get<{ ok: boolean; checked: number }>("/api/audit/verify");
    expect(verify.body.ok).toBe(true);
    expect(verify.body.checked).toBeGreaterThanOrEqual(33);
  });

  it("filters by action and paginates newest first", async () => {
    const creates = await ctx.api.get<EntryPage>("/api/audit?action=workflow.create&limit=5");
    expect(creates.body.items).toHaveLength(5);
    expect(creates.body.items.every((e) => e.action === "workflow.create")).toBe(true);
    const next = await ctx.api.get<EntryPage>(`/api/audit?action=workflow.create&limit=5&cursor=${creates.body.next_cursor}`);
    expect(next.body.items[0].seq).toBeLessThan(creates.body.items[4].seq);
    const none = await ctx.api.get<EntryPage>("/api/audit?action=no.such.action");
    expect(none.body).toEqual({ items: [], next_cursor: null });
  });

  it("checks only the rows appended since the last check with ?scope=new", async () => {
    const full = await ctx.api.get<{ ok: boolean; checked: number; scope: string; full_check_at: string }>("/api/audit/verify");
    expect(full.body).toMatchObject({ ok: true, scope: "full" });
    await ctx.api.post("/api/workflows", { name: "After the check" });
    const fresh = await ctx.api.get("/api/audit/verify?scope=new");
    expect(fresh.body).toEqual({ ok: true, checked: full.body.checked + 1, scope: "new", full_check_at: full.body.full_check_at });
    const bad = await ctx.api.get<{ error: { code: string; details: { issues: { path: string }[] } } }>("/api/audit/verify?scope=some");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "invalid_query", details: { issues: [{ path: "scope" }] } });
  });

  it("detects a tampered row and names its seq", async () => {
    const page = await ctx.api.get<EntryPage>("/api/audit?limit=500");
    const victim = page.body.items[Math.floor(page.body.items.length / 2)];
    await withDb(ctx.server, (db) => db.run("UPDATE audit_entries SET details = ? WHERE seq = ?", [JSON.stringify({ name: "forged" }), victim.seq]));
    const verify = await ctx.api.get<{ ok: boolean; first_bad_seq: number; message: string }>("/api/audit/verify");
    expect(verify.body).toMatchObject({ ok: false, first_bad_seq: victim.seq, message: expect.any(String) });
  });
});

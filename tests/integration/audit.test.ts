import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "./support/http";
import { twoNodeGraph } from "./support/graphs";
import { startServer, type TestServer } from "./support/server";
import { openDb } from "./support/db";

type Entry = { seq: number; id: string; action: string; actor_id: string; target_type: string; target_id: string; details: Record<string, unknown>; created_at: string; prev_hash: string; hash: string };
type EntryPage = { items: Entry[]; next_cursor: string | null };

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer();
  api = client(server.baseUrl);
});
afterAll(async () => server?.stop());

describe("audit", () => {
  it("records create, update, delete with a chain that verifies", async () => {
    const { body: wf } = await api.post<{ id: string }>("/api/workflows", { name: "Audited", graph: twoNodeGraph() });
    await api.put(`/api/workflows/${wf.id}`, { name: "Renamed", graph: twoNodeGraph("changed"), base_version: 1 });
    await api.del(`/api/workflows/${wf.id}`);
    const res = await api.get<EntryPage>(`/api/audit?target_type=workflow&target_id=${wf.id}`);
    expect(res.body.items.map((e) => e.action)).toEqual(["workflow.delete", "workflow.update", "workflow.create"]);
    expect(res.body.items[1]).toMatchObject({ actor_id: "local", details: { fields: ["name", "graph"], from_version: 1, to_version: 2 } });
    expect(res.body.items[0].prev_hash).toBe(res.body.items[1].hash);
    expect(new Date(res.body.items[0].created_at).toISOString()).toBe(res.body.items[0].created_at);
    expect(await api.get("/api/audit/verify")).toMatchObject({ status: 200, body: { ok: true, checked: 3 } });
  });

  it("refused requests write no audit rows", async () => {
    const before = (await api.get<EntryPage>("/api/audit?limit=500")).body.items.length;
    await api.post("/api/workflows", "{oops");
    await api.post("/api/workflows", { name: 7 });
    await api.put("/api/workflows/nope", { base_version: 1 });
    expect((await api.get<EntryPage>("/api/audit?limit=500")).body.items).toHaveLength(before);
  });

  it("keeps the chain intact under concurrent writes", async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => api.post("/api/workflows", { name: `parallel ${i}` })));
    const verify = await api.get<{ ok: boolean; checked: number }>("/api/audit/verify");
    expect(verify.body.ok).toBe(true);
    expect(verify.body.checked).toBeGreaterThanOrEqual(33);
  });

  it("filters by action and paginates newest first", async () => {
    const creates = await api.get<EntryPage>("/api/audit?action=workflow.create&limit=5");
    expect(creates.body.items).toHaveLength(5);
    expect(creates.body.items.every((e) => e.action === "workflow.create")).toBe(true);
    const next = await api.get<EntryPage>(`/api/audit?action=workflow.create&limit=5&cursor=${creates.body.next_cursor}`);
    expect(next.body.items[0].seq).toBeLessThan(creates.body.items[4].seq);
    const none = await api.get<EntryPage>("/api/audit?action=no.such.action");
    expect(none.body).toEqual({ items: [], next_cursor: null });
  });

  it("detects a tampered row and names its seq", async () => {
    const page = await api.get<EntryPage>("/api/audit?limit=500");
    const victim = page.body.items[Math.floor(page.body.items.length / 2)];
    const conn = openDb(server.dbFile);
    conn.prepare("UPDATE audit_entries SET details = ? WHERE seq = ?").run(JSON.stringify({ name: "forged" }), victim.seq);
    conn.close();
    const verify = await api.get<{ ok: boolean; first_bad_seq: number; message: string }>("/api/audit/verify");
    expect(verify.body).toMatchObject({ ok: false, first_bad_seq: victim.seq, message: expect.any(String) });
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { twoNodeGraph } from "./support/graphs";
import { client } from "./support/http";
import { startServer, type TestServer } from "./support/server";
import { startServerForFile } from "./support/server-for-file";
import { openSse } from "./support/sse";

type Wf = { id: string; version: number };
type Version = { version: number; note: string | null; layout_only: boolean; created_by: string; created_by_name: string | null };
type Saved = { workflow_id: string; version: number; saved_by: { id: string; name: string | null }; saved_at: string; note: string | null; layout_only: boolean };

const ctx = startServerForFile();
const moved = (dx: number) => {
  const g = twoNodeGraph();
  g.nodes[0].position.x += dx;
  return g;
};

async function workflow(): Promise<string> {
  const { body } = await ctx.api.post<Wf>("/api/workflows", { name: "Notes", graph: twoNodeGraph() });
  return body.id;
}

describe("a version's note, its saver's name and layout-only saves", () => {
  it("keeps the note, names the saver and marks a save that only moved nodes", async () => {
    const id = await workflow();
    expect((await ctx.api.put(`/api/workflows/${id}`, { graph: twoNodeGraph("Say hi: {ticket}"), base_version: 1, note: "  Friendlier prompt " })).status).toBe(200);
    expect((await ctx.api.put(`/api/workflows/${id}`, { graph: { ...twoNodeGraph("Say hi: {ticket}"), nodes: twoNodeGraph("Say hi: {ticket}").nodes.map((n) => ({ ...n, position: { x: n.position.x + 80, y: 40 } })) }, base_version: 2 })).status).toBe(200);
    const list = await ctx.api.get<{ items: Version[] }>(`/api/workflows/${id}/versions`);
    expect(list.body.items.map((v) => [v.version, v.note, v.layout_only])).toEqual([
      [3, null, true],
      [2, "Friendlier prompt", false],
      [1, null, false],
    ]);
    expect(list.body.items[0]).toMatchObject({ created_by: "bootstrap", created_by_name: "Bootstrap token" });
    const one = await ctx.api.get<Version>(`/api/workflows/${id}/versions/2`);
    expect(one.body).toMatchObject({ note: "Friendlier prompt", layout_only: false });
    const audit = await ctx.api.get<{ items: { action: string; details: Record<string, unknown> }[] }>(`/api/audit?target_type=workflow&target_id=${id}`);
    expect(audit.body.items[0].details).toMatchObject({ layout_only: true, to_version: 3 });
    expect(audit.body.items[1].details).toMatchObject({ note: "Friendlier prompt", to_version: 2 });
  });

  it("notes a restore as such, and refuses a note over 500 characters without saving", async () => {
    const id = await workflow();
    await ctx.api.put(`/api/workflows/${id}`, { graph: twoNodeGraph("v2"), base_version: 1 });
    const long = await ctx.api.put<{ error: { code: string; details: { issues: { path: string }[] } } }>(`/api/workflows/${id}`, { graph: twoNodeGraph("v3"), base_version: 2, note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error.details.issues.map((i) => i.path)).toEqual(["note"]);
    expect((await ctx.api.get<Wf>(`/api/workflows/${id}`)).body.version).toBe(2);
    await ctx.api.post(`/api/workflows/${id}/versions/1/restore`, { base_version: 2 });
    expect((await ctx.api.get<Version>(`/api/workflows/${id}/versions/3`)).body.note).toBe("Restored v1");
  });
});

describe("GET /api/workflows/{id}/events", () => {
  let other: TestServer | undefined;
  afterAll(async () => other?.stop());

  it("announces each save at once, replays what a reconnect missed, and hears saves made by another process", async () => {
    const id = await workflow();
    const sse = await openSse(`${ctx.server.baseUrl}/api/workflows/${id}/events`);
    const started = Date.now();
    await ctx.api.put(`/api/workflows/${id}`, { graph: moved(40), base_version: 1, note: "nudge" });
    const first = await sse.waitFor((e) => e.event === "workflow.saved");
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(first.id).toBe("2");
    expect(first.data as Saved).toEqual({ workflow_id: id, version: 2, saved_by: { id: "bootstrap", name: "Bootstrap token" }, saved_at: expect.any(String), note: "nudge", layout_only: true });
    sse.close();

    // Saved while nobody listened: a reconnect from version 2 gets version 3 first, once.
    await ctx.api.put(`/api/workflows/${id}`, { graph: twoNodeGraph("v3"), base_version: 2 });
    const again = await openSse(`${ctx.server.baseUrl}/api/workflows/${id}/events`, 2);
    expect(((await again.waitFor((e) => e.event === "workflow.saved")).data as Saved).version).toBe(3);

    // A second server process on the same database: its save reaches this stream by the store.
    other = await startServer({ sameDatabaseAs: ctx.server });
    const res = await client(other.baseUrl).put(`/api/workflows/${id}`, { graph: twoNodeGraph("v4"), base_version: 3 });
    expect(res.status).toBe(200);
    expect(((await again.waitFor((e) => e.event === "workflow.saved" && (e.data as Saved).version === 4, 6_000)).data as Saved).layout_only).toBe(false);
    expect(again.events.filter((e) => e.event === "workflow.saved").map((e) => e.id)).toEqual(["3", "4"]);
    again.close();
  });

  it("is 404 for an unknown workflow and refused without credentials", async () => {
    expect((await ctx.api.get(`/api/workflows/nope/events`)).status).toBe(404);
    const id = await workflow();
    expect((await fetch(`${ctx.server.baseUrl}/api/workflows/${id}/events`)).status).toBe(401);
  });
});

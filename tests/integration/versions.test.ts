import { describe, expect, it } from "vitest";
import { twoNodeGraph } from "./support/graphs";
import { startServerForFile } from "./support/server-for-file";
import { snapshot } from "./support/db";

type Wf = { id: string; version: number; graph: ReturnType<typeof twoNodeGraph> };
type VersionList = { items: { workflow_id: string; version: number; node_count: number; edge_count: number; created_at: string; created_by: string }[]; next_cursor: string | null };

const ctx = startServerForFile();

/** A workflow saved three times: versions 1..3 with user_message v1..v3. */
async function threeVersions(): Promise<string> {
  const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "History", graph: twoNodeGraph("v1") });
  await ctx.api.put(`/api/workflows/${wf.id}`, { graph: twoNodeGraph("v2"), base_version: 1 });
  await ctx.api.put(`/api/workflows/${wf.id}`, { graph: twoNodeGraph("v3"), base_version: 2 });
  return wf.id;
}

describe("versions", () => {
  it("lists newest first without graphs, paginated", async () => {
    const id = await threeVersions();
    const page1 = await ctx.api.get<VersionList>(`/api/workflows/${id}/versions?limit=2`);
    expect(page1.body.items.map((v) => v.version)).toEqual([3, 2]);
    expect(page1.body.items[0]).toEqual({ workflow_id: id, version: 3, node_count: 2, edge_count: 1, created_at: expect.any(String), created_by: "bootstrap", created_by_name: "Bootstrap token", note: null, layout_only: false });
    const page2 = await ctx.api.get<VersionList>(`/api/workflows/${id}/versions?limit=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body).toEqual({ items: [expect.objectContaining({ version: 1 })], next_cursor: null });
  });

  it("returns one version whole and 404 for a version that does not exist", async () => {
    const id = await threeVersions();
    const v2 = await ctx.api.get<{ version: number; graph: Wf["graph"] }>(`/api/workflows/${id}/versions/2`);
    expect(v2.status).toBe(200);
    expect(v2.body.graph.nodes[0].config.user_message).toBe("v2");
    const missing = await ctx.api.get<{ error: { code: string } }>(`/api/workflows/${id}/versions/4`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
  });

  it("restores an old graph as a new version and audits it", async () => {
    const id = await threeVersions();
    const restored = await ctx.api.post<Wf>(`/api/workflows/${id}/versions/1/restore`, { base_version: 3 });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toBe(4);
    expect(restored.body.graph.nodes[0].config.user_message).toBe("v1");
    const v3 = await ctx.api.get<{ graph: Wf["graph"] }>(`/api/workflows/${id}/versions/3`);
    expect(v3.body.graph.nodes[0].config.user_message).toBe("v3");
    const audit = await ctx.api.get<{ items: { action: string; details: Record<string, unknown> }[] }>(`/api/audit?target_type=workflow&target_id=${id}`);
    expect(audit.body.items[0]).toMatchObject({ action: "workflow.restore", details: { restored_version: 1, from_version: 3, to_version: 4 } });
  });

  it("restores without a body, refuses a stale base_version, and ignores restoring the live graph", async () => {
    const id = await threeVersions();
    const before = await snapshot(ctx.server);
    const stale = await ctx.api.post<{ error: { code: string; details: { current_version: number } } }>(`/api/workflows/${id}/versions/1/restore`, { base_version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current_version).toBe(3);
    const same = await ctx.api.post<Wf>(`/api/workflows/${id}/versions/3/restore`);
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(3);
    expect(await snapshot(ctx.server)).toEqual(before);
    const noBody = await ctx.api.post<Wf>(`/api/workflows/${id}/versions/2/restore`);
    expect(noBody.body.version).toBe(4);
    const bad = await ctx.api.post<{ error: { code: string } }>(`/api/workflows/${id}/versions/2/restore`, { base_version: "four" });
    expect(bad.status).toBe(400);
  });
});

import { describe, expect, it } from "vitest";
import { brokenGraph, twoNodeGraph } from "./support/graphs";
import { startServerForFile } from "./support/server-for-file";
import { adminAuth } from "./support/server";
import { snapshot, withDb } from "./support/db";

type Wf = {
  id: string;
  name: string;
  description: string;
  version: number;
  graph: { nodes: { id: string; config: Record<string, unknown> }[]; edges: unknown[] };
  created_at: string;
  updated_at: string;
  validation: { errors: { code: string }[]; warnings: { code: string }[] };
};

const ctx = startServerForFile();

describe("workflows CRUD", () => {
  it("creates a workflow with an empty graph by default", async () => {
    const res = await ctx.api.post<Wf>("/api/workflows", { name: "Empty" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Empty", description: "", version: 1, graph: { nodes: [], edges: [] } });
    expect(res.body.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    expect(res.body.validation.errors.map((e) => e.code)).toContain("empty_graph");
  });

  it("creates with a graph, reads it back with validation, and stores version 1", async () => {
    const created = await ctx.api.post<Wf>("/api/workflows", { name: "Support", description: "triage", graph: twoNodeGraph() });
    expect(created.status).toBe(201);
    const got = await ctx.api.get<Wf>(`/api/workflows/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.graph.nodes.map((n) => n.id)).toEqual(["classify", "store"]);
    expect(got.body.validation).toEqual({ errors: [], warnings: [] });
    const versions = await ctx.api.get<{ items: { version: number; node_count: number; edge_count: number; created_by: string }[]; next_cursor: null }>(
      `/api/workflows/${created.body.id}/versions`,
    );
    expect(versions.body).toEqual({ items: [expect.objectContaining({ version: 1, node_count: 2, edge_count: 1, created_by: "bootstrap" })], next_cursor: null });
  });

  it("saves a changed graph as a new version and keeps the old one immutable", async () => {
    const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "Versioned", graph: twoNodeGraph("v1 {x}") });
    const saved = await ctx.api.put<Wf>(`/api/workflows/${wf.id}`, { graph: twoNodeGraph("v2 {x}"), base_version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    const v1 = await ctx.api.get<{ version: number; graph: Wf["graph"] }>(`/api/workflows/${wf.id}/versions/1`);
    expect(v1.body.graph.nodes[0].config.user_message).toBe("v1 {x}");
    const v2 = await ctx.api.get<{ version: number; graph: Wf["graph"] }>(`/api/workflows/${wf.id}/versions/2`);
    expect(v2.body.graph.nodes[0].config.user_message).toBe("v2 {x}");
    const list = await ctx.api.get<{ items: { version: number }[] }>(`/api/workflows/${wf.id}/versions`);
    expect(list.body.items.map((v) => v.version)).toEqual([2, 1]);
  });

  it("renames without a new version and treats an identical save as a no-op", async () => {
    const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "Before", graph: twoNodeGraph() });
    const renamed = await ctx.api.put<Wf>(`/api/workflows/${wf.id}`, { name: "After", description: "d", base_version: 1 });
    expect(renamed.body).toMatchObject({ name: "After", description: "d", version: 1 });
    const before = await snapshot(ctx.server);
    // Same graph with keys in another order: canonically equal, so nothing changes.
    const reordered = twoNodeGraph();
    const same = await ctx.api.put<Wf>(`/api/workflows/${wf.id}`, { graph: { edges: reordered.edges, nodes: reordered.nodes }, name: "After", base_version: 1 });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(1);
    expect(await snapshot(ctx.server)).toEqual(before);
  });

  it("refuses a stale base_version with 409 and changes nothing", async () => {
    const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "Conflict", graph: twoNodeGraph() });
    await ctx.api.put(`/api/workflows/${wf.id}`, { graph: twoNodeGraph("newer"), base_version: 1 });
    const before = await snapshot(ctx.server);
    const stale = await ctx.api.put(`/api/workflows/${wf.id}`, { graph: twoNodeGraph("lost update"), name: "x", base_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: { code: "version_conflict", message: expect.any(String), details: { current_version: 2 } } });
    expect(await snapshot(ctx.server)).toEqual(before);
  });

  it("lets exactly one of two concurrent saves on the same base win", async () => {
    const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "Race", graph: twoNodeGraph() });
    const results = await Promise.all(
      ["a", "b", "c", "d"].map((tag) => ctx.api.put(`/api/workflows/${wf.id}`, { graph: twoNodeGraph(tag), base_version: 1 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const versions = await ctx.api.get<{ items: unknown[] }>(`/api/workflows/${wf.id}/versions`);
    expect(versions.body.items).toHaveLength(2);
  });

  it("soft-deletes: 404 everywhere afterwards, row kept", async () => {
    const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "Doomed", graph: twoNodeGraph() });
    const del = await ctx.api.del(`/api/workflows/${wf.id}`);
    expect(del.status).toBe(204);
    for (const [method, path, body] of [
      ["GET", `/api/workflows/${wf.id}`],
      ["PUT", `/api/workflows/${wf.id}`, { name: "zombie", base_version: 1 }],
      ["DELETE", `/api/workflows/${wf.id}`],
      ["POST", `/api/workflows/${wf.id}/validate`],
      ["GET", `/api/workflows/${wf.id}/versions`],
      ["GET", `/api/workflows/${wf.id}/versions/1`],
      ["POST", `/api/workflows/${wf.id}/versions/1/restore`],
    ] as const) {
      const res = await fetch(`${ctx.server.baseUrl}${path}`, { method, headers: { ...adminAuth(), "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
    const list = await ctx.api.get<{ items: { id: string }[] }>("/api/workflows?limit=500");
    expect(list.body.items.map((w) => w.id)).not.toContain(wf.id);
    expect(await withDb(ctx.server, (db) => db.get("SELECT deleted_at FROM workflows WHERE id = ?", [wf.id]))).toEqual({ deleted_at: expect.any(String) });
  });
});

describe("listing", () => {
  it("lists newest updated first with node counts and last_run, paginated", async () => {
    const a = (await ctx.api.post<Wf>("/api/workflows", { name: "List A", graph: twoNodeGraph() })).body;
    const b = (await ctx.api.post<Wf>("/api/workflows", { name: "List B" })).body;
    await ctx.api.put(`/api/workflows/${a.id}`, { description: "touched", base_version: 1 });
    await withDb(ctx.server, async (db) => {
      const insert = `INSERT INTO runs (id, workflow_id, workflow_version, status, input, created_at, num) VALUES (?, ?, 1, ?, '{}', ?, ${db.nextRunNum})`;
      await db.run(insert, ["run_old", a.id, "failed", "2026-01-01T00:00:00.000+00:00"]);
      await db.run(insert, ["run_new", a.id, "completed", "2026-01-02T00:00:00.000+00:00"]);
    });

    const first = await ctx.api.get<{ items: Record<string, unknown>[]; next_cursor: string | null }>("/api/workflows?limit=1");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.items[0]).toMatchObject({ id: a.id, node_count: 2, description: "touched", last_run: { id: "run_new", status: "completed", created_at: "2026-01-02T00:00:00.000Z" } });
    expect(first.body.items[0]).not.toHaveProperty("graph");
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await ctx.api.get<{ items: Record<string, unknown>[] }>(`/api/workflows?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.items[0]).toMatchObject({ id: b.id, node_count: 0, last_run: null });

    const all = await ctx.api.get<{ items: { id: string; updated_at: string }[]; next_cursor: null }>("/api/workflows?limit=500");
    expect(all.body.next_cursor).toBeNull();
    const times = all.body.items.map((w) => w.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("walks every page exactly once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: { id: string }[]; next_cursor: string | null } } = await ctx.api.get(`/api/workflows?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...res.body.items.map((w) => w.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    const all = await ctx.api.get<{ items: { id: string }[] }>("/api/workflows?limit=500");
    expect(seen).toEqual(all.body.items.map((w) => w.id));
  });
});

describe("search", () => {
  type ListBody = { items: { id: string; name: string }[]; next_cursor: string | null };
  const ids = (body: ListBody) => body.items.map((w) => w.id);

  it("keeps the workflows whose name or description contains ?q=, in any case, page by page", async () => {
    const parser = (await ctx.api.post<Wf>("/api/workflows", { name: "Invoice parser", description: "reads PDFs" })).body;
    const refunds = (await ctx.api.post<Wf>("/api/workflows", { name: "Refund bot", description: "settles INVOICE disputes" })).body;
    const other = (await ctx.api.post<Wf>("/api/workflows", { name: "Greeter" })).body;

    const found = await ctx.api.get<ListBody>("/api/workflows?q=invoice&limit=500");
    expect(found.status).toBe(200);
    expect(ids(found.body)).toEqual([refunds.id, parser.id]);
    expect(ids(found.body)).not.toContain(other.id);

    const first = await ctx.api.get<ListBody>("/api/workflows?q=InVoIcE&limit=1");
    expect(ids(first.body)).toEqual([refunds.id]);
    const second = await ctx.api.get<ListBody>(`/api/workflows?q=InVoIcE&limit=1&cursor=${first.body.next_cursor}`);
    expect(ids(second.body)).toEqual([parser.id]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("ignores case beyond ASCII: names as people type them in their languages", async () => {
    const about = (await ctx.api.post<Wf>("/api/workflows", { name: "Über uns", description: "Антиспам ÉTÉ" })).body;
    for (const q of ["Über", "über", "ÜBER UNS", "антиспам", "АНТИСПАМ", "été"]) {
      expect(ids((await ctx.api.get<ListBody>(`/api/workflows?q=${encodeURIComponent(q)}&limit=500`)).body), q).toEqual([about.id]);
    }
  });

  it("matches ?q= literally, treats a blank one as none, and refuses one over 200 characters", async () => {
    const sale = (await ctx.api.post<Wf>("/api/workflows", { name: "50% off_sale" })).body;
    expect(ids((await ctx.api.get<ListBody>(`/api/workflows?q=${encodeURIComponent("0% off_")}&limit=500`)).body)).toEqual([sale.id]);
    expect((await ctx.api.get<ListBody>(`/api/workflows?q=${encodeURIComponent("_%")}&limit=500`)).body.items).toEqual([]);

    const all = await ctx.api.get<ListBody>("/api/workflows?limit=500");
    expect(ids((await ctx.api.get<ListBody>("/api/workflows?q=%20%20&limit=500")).body)).toEqual(ids(all.body));

    const long = await ctx.api.get<{ error: { code: string; details: { issues: { path: string }[] } } }>(`/api/workflows?q=${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("invalid_query");
    expect(long.body.error.details.issues[0].path).toBe("q");
  });
});

describe("validate", () => {
  it("validates the stored graph, and a posted graph instead when given", async () => {
    const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "Broken", graph: brokenGraph() });
    const stored = await ctx.api.post<{ errors: { code: string; node_id?: string; edge_id?: string }[]; warnings: unknown[] }>(`/api/workflows/${wf.id}/validate`);
    expect(stored.status).toBe(200);
    expect(stored.body.errors.map((e) => e.code).sort()).toEqual(["dangling_edge", "unknown_tool"]);
    expect(stored.body.errors.find((e) => e.code === "dangling_edge")?.edge_id).toBe("e1");
    const posted = await ctx.api.post<{ errors: unknown[] }>(`/api/workflows/${wf.id}/validate`, { graph: twoNodeGraph() });
    expect(posted.body).toEqual({ errors: [], warnings: [] });
    const unknownModel = twoNodeGraph();
    (unknownModel.nodes[0].config as Record<string, unknown>).model = "openai:not-a-real-model";
    const warned = await ctx.api.post<{ errors: unknown[]; warnings: { code: string }[] }>(`/api/workflows/${wf.id}/validate`, { graph: unknownModel });
    expect(warned.body.errors).toEqual([]);
    expect(warned.body.warnings.map((w) => w.code)).toContain("unknown_model");
  });

  it("answers 400 with paths for a mis-shaped posted graph", async () => {
    const { body: wf } = await ctx.api.post<Wf>("/api/workflows", { name: "Shape" });
    const res = await ctx.api.post<{ error: { code: string; details: { issues: { path: string }[] } } }>(`/api/workflows/${wf.id}/validate`, {
      graph: { nodes: [{ id: "x", type: "teleport", config: {} }], edges: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_body");
    expect(res.body.error.details.issues.map((i) => i.path)).toContain("graph.nodes.0.type");
  });
});

import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, request, uploadEarlyAnswered } from "./support/http";
import { twoNodeGraph } from "./support/graphs";
import { gateGraph } from "./support/run-graphs";
import { adminAuth, startServer, type TestServer } from "./support/server";
import { snapshot, snapshotAll, withDb } from "./support/db";

type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string; message: string }[]; current_version?: number } } };

let server: TestServer;
let api: ReturnType<typeof client>;
let wfId: string;

beforeAll(async () => {
  server = await startServer();
  api = client(server.baseUrl);
  wfId = (await api.post<{ id: string }>("/api/workflows", { name: "Target", graph: twoNodeGraph() })).body.id;
});
afterAll(async () => server?.stop());

/** Every refused request must leave the stored rows exactly as they were. */
async function refusedWithoutChange(send: () => Promise<{ status: number; body: unknown }>, status: number, code: string) {
  const before = await snapshot(server);
  const res = await send();
  expect(res.status).toBe(status);
  expect((res.body as ErrorBody).error.code).toBe(code);
  expect((res.body as ErrorBody).error.message).toEqual(expect.any(String));
  expect(await snapshot(server)).toEqual(before);
  return res.body as ErrorBody;
}

describe("bodies", () => {
  it("refuses malformed JSON with 400 invalid_json", async () => {
    await refusedWithoutChange(() => api.post("/api/workflows", '{"name": "x",'), 400, "invalid_json");
    await refusedWithoutChange(() => api.put(`/api/workflows/${wfId}`, "not json at all"), 400, "invalid_json");
    await refusedWithoutChange(() => api.post("/api/workflows"), 400, "invalid_json");
  });

  it("names the offending paths for wrong types", async () => {
    const body = await refusedWithoutChange(
      () =>
        api.post("/api/workflows", {
          name: 42,
          graph: { nodes: [{ id: "a", type: "agent", position: { x: "left", y: 0 }, config: { model: "mock", temperature: "hot" } }], edges: "none" },
        }),
      400,
      "invalid_body",
    );
    const paths = body.error.details?.issues?.map((i) => i.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["name", "graph.nodes.0.position.x", "graph.nodes.0.config.temperature", "graph.edges"]));
  });

  it("refuses an unknown node type and a missing base_version", async () => {
    const unknownType = await refusedWithoutChange(
      () => api.put(`/api/workflows/${wfId}`, { graph: { nodes: [{ id: "x", type: "teleport", config: {} }], edges: [] }, base_version: 1 }),
      400,
      "invalid_body",
    );
    expect(unknownType.error.details?.issues?.map((i) => i.path)).toContain("graph.nodes.0.type");
    const noBase = await refusedWithoutChange(() => api.put(`/api/workflows/${wfId}`, { name: "x" }), 400, "invalid_body");
    expect(noBase.error.details?.issues?.map((i) => i.path)).toEqual(["base_version"]);
    await refusedWithoutChange(() => api.put(`/api/workflows/${wfId}`, [1, 2, 3]), 400, "invalid_body");
    await refusedWithoutChange(() => api.post("/api/workflows", { name: "   " }), 400, "invalid_body");
  });

  it("refuses bodies nested past the depth limit, __proto__ keys and numbers past JSON's range, naming the path", async () => {
    const deep = `{"input":{"doc":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    const runs = `/api/workflows/${wfId}/runs?wait=2000`;
    const body = await refusedWithoutChange(() => api.post(runs, deep), 400, "invalid_body");
    const [issue] = body.error.details?.issues ?? [];
    expect(issue.message).toBe("nested deeper than 128 levels");
    expect(issue.path).toMatch(/^input\.doc\.0\.0\./);
    const graph = JSON.stringify({ name: "deep", graph: { nodes: [{ id: "t", type: "tool", config: { tool: "set", params: { v: "DEEP" } } }], edges: [] } });
    await refusedWithoutChange(() => api.post("/api/workflows", graph.replace('"DEEP"', "[".repeat(20_000) + "]".repeat(20_000))), 400, "invalid_body");
    const proto = await refusedWithoutChange(() => api.post(runs, '{"input":{"__proto__":{"admin":true}}}'), 400, "invalid_body");
    expect(proto.error.details?.issues).toEqual([{ path: "input.__proto__", message: 'the key "__proto__" is not allowed' }]);
    // JSON.parse reads 1e309 as Infinity, which would be stored as null.
    const huge = await refusedWithoutChange(() => api.post(runs, '{"input":{"n":[1,1e309]}}'), 400, "invalid_body");
    expect(huge.error.details?.issues?.map((i) => i.path)).toEqual(["input.n.1"]);
  });

  it("fails a run whose node outputs a value too deep to store, and the run settles", async () => {
    const graph = { nodes: [{ id: "p", type: "tool", config: { tool: "json_parse", params: { text: "{doc}" } } }], edges: [] };
    const wf = (await api.post<{ id: string }>("/api/workflows", { name: "deep output", graph })).body.id;
    const doc = "[".repeat(50_000) + "]".repeat(50_000);
    const res = await api.post<{ status: string; error_message: string; steps: { status: string }[] }>(`/api/workflows/${wf}/runs?wait=5000`, { input: { doc } });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("failed");
    expect(res.body.error_message).toContain("the node's output cannot be stored: nested deeper than 128 levels");
    expect(res.body.steps.map((s) => s.status)).toEqual(["failed"]);
  });

  it("refuses ids and reviewer fields named like members of every object (toString, constructor …)", async () => {
    const graph = {
      nodes: [
        { id: "toString", type: "agent", config: { model: "mock" } },
        { id: "gate", type: "human_gate", config: { fields: [{ name: "hasOwnProperty", type: "text" }] } },
      ],
      edges: [{ id: "constructor", source: "toString", target: "gate" }],
    };
    const body = await refusedWithoutChange(() => api.post("/api/workflows", { name: "reserved", graph }), 400, "invalid_body");
    expect(body.error.details?.issues?.map((i) => i.path).sort()).toEqual(["graph.edges.0.id", "graph.edges.0.source", "graph.nodes.0.id", "graph.nodes.1.config.fields.0.name"]);
  });

  it("reads a graph stored before those rules, and refuses to run it with validation errors, never a 500", async () => {
    const created = await api.post<{ id: string }>("/api/workflows", { name: "Before the rules", graph: twoNodeGraph() });
    const id = created.body.id;
    const legacy = JSON.stringify({ nodes: [{ id: "toString", type: "agent", position: { x: 1e300, y: 0 }, config: { model: "mock" } }], edges: [] });
    await withDb(server, async (db) => {
      await db.run("UPDATE workflows SET graph = ? WHERE id = ?", [legacy, id]);
      await db.run("UPDATE workflow_versions SET graph = ? WHERE workflow_id = ?", [legacy, id]);
    });
    const read = await api.get<{ graph: { nodes: { id: string }[] }; validation: { errors: { code: string; path: unknown[] }[] } }>(`/api/workflows/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.graph.nodes.map((n) => n.id)).toEqual(["toString"]);
    expect(read.body.validation.errors.map((e) => [e.code, e.path])).toEqual([["reserved_name", ["nodes", 0, "id"]]]);
    const run = await api.post<ErrorBody>(`/api/workflows/${id}/runs`, { input: {} });
    expect(run.status).toBe(422);
    expect(run.body.error.code).toBe("invalid_graph");
    expect((await api.get(`/api/workflows/${id}/versions/1`)).status).toBe(200);
  });

  it("refuses a 5 MB body with 413 without storing anything", async () => {
    const huge = JSON.stringify({ name: "big", description: "x".repeat(5 * 1024 * 1024) });
    const pieces = Array.from({ length: Math.ceil(huge.length / 65536) }, (_, i) => huge.slice(i * 65536, (i + 1) * 65536));
    const upload = (method: string, path: string) => uploadEarlyAnswered(server.baseUrl, method, path, pieces, Buffer.byteLength(huge));
    await refusedWithoutChange(() => upload("POST", "/api/workflows"), 413, "payload_too_large");
    await refusedWithoutChange(() => upload("PUT", `/api/workflows/${wfId}`), 413, "payload_too_large");
  });

  it("refuses an oversized chunked body (no content-length) with 413", async () => {
    const chunk = "x".repeat(64 * 1024);
    const chunks = ['{"name":"', ...Array.from({ length: 79 }, () => chunk)];
    const res = await uploadEarlyAnswered(server.baseUrl, "POST", "/api/workflows", chunks);
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect((res.body as ErrorBody).error.code).toBe("payload_too_large");
  });
});

describe("ids and params", () => {
  const odd = ["%00", "a".repeat(5000), "..%2F..%2Fetc%2Fpasswd", "%2e%2e%2f", "..%5c..%5cwin", "x%20y", "%F0%9F%92%A5", "'%20OR%201=1--", "nope"];

  it.each(odd)("answers 404 for the id %s on every workflow route", async (id) => {
    for (const [method, path] of [
      ["GET", `/api/workflows/${id}`],
      ["PUT", `/api/workflows/${id}`],
      ["DELETE", `/api/workflows/${id}`],
      ["POST", `/api/workflows/${id}/validate`],
      ["GET", `/api/workflows/${id}/versions`],
      ["GET", `/api/workflows/${id}/versions/1`],
      ["POST", `/api/workflows/${id}/versions/1/restore`],
    ] as const) {
      const res = await request<ErrorBody>(server.baseUrl, method, path, method === "PUT" ? { base_version: 1 } : undefined);
      expect(res.status, `${method} ${path.slice(0, 80)}`).toBe(404);
    }
  });

  it.each(["%", "%zz", "%E0%A4%A", "abc%"])("answers 400 invalid_path, not a 5xx, for the malformed path segment %s", async (segment) => {
    for (const [method, path] of [
      ["GET", `/api/workflows/${segment}`],
      ["PUT", `/api/workflows/${segment}`],
      ["GET", `/api/runs/${segment}/events`],
      ["POST", `/api/runs/${segment}/approve`],
    ] as const) {
      const res = await request<ErrorBody>(server.baseUrl, method, path, method === "PUT" ? { base_version: 1 } : undefined);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.code).toBe("invalid_path");
    }
  });

  it.each(["0", "-1", "1.5", "abc", "99999999999999999999", "%00"])("answers 404 for the version %s", async (v) => {
    const res = await api.get<ErrorBody>(`/api/workflows/${wfId}/versions/${v}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });

  it.each(["0", "501", "-5", "abc", "1e3", ""])("refuses ?limit=%s with 400", async (limit) => {
    for (const path of ["/api/workflows", "/api/audit", `/api/workflows/${wfId}/versions`]) {
      const res = await api.get<ErrorBody>(`${path}?limit=${limit}`);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("invalid_query");
    }
  });

  it("refuses forged cursors with 400", async () => {
    for (const cursor of ["garbage!", Buffer.from('{"x":1}').toString("base64url"), Buffer.from("-3").toString("base64url")]) {
      for (const path of ["/api/workflows", "/api/audit", `/api/workflows/${wfId}/versions`]) {
        const res = await api.get<ErrorBody>(`${path}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.status, `${path} ${cursor}`).toBe(400);
        expect(res.body.error.code).toBe("invalid_query");
      }
    }
  });
});

describe("hostile strings", () => {
  const nasty = [
    "{__proto__}",
    "{ticket.__class__.__mro__}",
    "${process.exit(1)}",
    "{{7*7}} <script>alert(1)</script>",
    "'); DROP TABLE workflows;--",
    "\u0000\u202e\ud83d\udca5 zero\u200bwidth",
    "{{ constructor.constructor('return process')() }}",
  ];

  it("stores and returns expression and template injection strings verbatim", async () => {
    for (const text of nasty) {
      const graph = twoNodeGraph(text);
      (graph.nodes[1].config as Record<string, unknown>).params = { [text]: text, nested: { "__proto__x": [text] } };
      // A NUL character is kept in the graph (JSON, where it is escaped); a name or description with one is refused (below).
      const label = text.replaceAll("\u0000", "");
      const created = await api.post<{ id: string; name: string; description: string }>("/api/workflows", { name: label, description: label, graph });
      expect(created.status).toBe(201);
      const got = await api.get<{ name: string; description: string; graph: ReturnType<typeof twoNodeGraph> }>(`/api/workflows/${created.body.id}`);
      expect(got.status).toBe(200);
      expect(got.body.name).toBe(label);
      expect(got.body.description).toBe(label);
      expect(got.body.graph.nodes[0].config.user_message).toBe(text);
      expect(got.body.graph.nodes[1].config.params).toEqual({ [text]: text, nested: { "__proto__x": [text] } });
    }
    const health = await api.get("/api/health");
    expect(health.status).toBe(200);
  });

  it("refuses a NUL character in text stored as it is sent (names, descriptions, notes, emails) or looked up (filters), changing nothing, never a 5xx", async () => {
    const nul = "Tick\u0000et";
    const gated = (await api.post<{ id: string }>("/api/workflows", { name: "Gated", graph: gateGraph() })).body.id;
    const paused = (await api.post<{ id: string; status: string }>(`/api/workflows/${gated}/runs?wait=10000`, { input: { ticket: "T-1" } })).body;
    expect(paused.status).toBe("paused");
    await expect.poll(() => withDb(server, (db) => db.value("SELECT COUNT(*) FROM runs WHERE spend_folded = 0 AND status IN ('completed', 'failed')")), { timeout: 15_000 }).toBe(0);
    const cursor = (position: unknown) => Buffer.from(JSON.stringify(position)).toString("base64url");
    const before = await snapshotAll(server);
    const refused: [string, { status: number; body: unknown }, number, string, string][] = [
      ["POST /api/workflows node label", await api.post("/api/workflows", { name: "ok", graph: { nodes: [{ id: "a", type: "tool", config: { label: nul, tool: "set", params: {} } }], edges: [] } }), 400, "invalid_body", "graph.nodes.0.config.label"],
      ["PUT /api/workflows node id", await api.put(`/api/workflows/${wfId}`, { graph: { nodes: [{ id: nul, type: "tool", config: { tool: "set", params: {} } }], edges: [] }, base_version: 1 }), 400, "invalid_body", "graph.nodes.0.id"],
      ["POST /api/runs/{id}/reject comment", await api.post(`/api/runs/${paused.id}/reject`, { node_id: "review", comment: nul }), 400, "invalid_body", "comment"],
      ["GET /api/spend/runs model", await api.get(`/api/spend/runs?model=${encodeURIComponent(nul)}`), 400, "invalid_query", "model"],
      ["POST /api/workflows name", await api.post("/api/workflows", { name: nul }), 400, "invalid_body", "name"],
      ["POST /api/workflows description", await api.post("/api/workflows", { name: "ok", description: nul }), 400, "invalid_body", "description"],
      ["PUT /api/workflows name", await api.put(`/api/workflows/${wfId}`, { name: nul, base_version: 1 }), 400, "invalid_body", "name"],
      ["PUT /api/workflows note", await api.put(`/api/workflows/${wfId}`, { graph: twoNodeGraph("changed"), note: nul, base_version: 1 }), 400, "invalid_body", "note"],
      ["POST /api/users name", await api.post("/api/users", { email: "nul@example.com", name: nul, role: "viewer", password: "a long enough password" }), 400, "invalid_body", "name"],
      ["POST /api/api-keys name", await api.post("/api/api-keys", { name: nul, role: "viewer" }), 400, "invalid_body", "name"],
      ["POST /api/auth/sign-in/email email", await api.post("/api/auth/sign-in/email", { email: `nul${nul}@example.com`, password: "whatever it is" }), 400, "invalid_body", "email"],
      ["GET /api/audit action", await api.get(`/api/audit?action=${encodeURIComponent(nul)}`), 400, "invalid_query", "action"],
      ["GET /api/audit actor_id", await api.get(`/api/audit?actor_id=${encodeURIComponent(nul)}`), 400, "invalid_query", "actor_id"],
    ];
    const answered = refused.map(([what, res]) => {
      const error = (res.body as ErrorBody).error;
      return [what, res.status, error?.code, error?.details?.issues?.map((i) => [i.path, i.message])];
    });
    expect(answered).toEqual(refused.map(([what, , status, code, path]) => [what, status, code, [[path, "must not contain the NUL character (U+0000)"]]]));
    // A list cursor naming such an id cannot be one the server made.
    for (const path of ["/api/workflows", "/api/runs", "/api/approvals"]) {
      const res = await api.get<ErrorBody>(`${path}?cursor=${cursor({ updated_at: "2026-01-01T00:00:00.000+00:00", created_at: "2026-01-01T00:00:00.000+00:00", id: nul })}`);
      expect([res.status, res.body.error.code, res.body.error.message], path).toEqual([400, "invalid_query", "cursor is not valid"]);
    }
    expect(await snapshotAll(server)).toEqual(before);
    expect((await api.get<{ status: string }>(`/api/runs/${paused.id}`)).body.status).toBe("paused");
  });

  it("a condition with a hostile expression is saved and reported by validate, never a 5xx", async () => {
    const graph = {
      nodes: [{ id: "c", type: "condition", config: { expression: "__import__('os').system('rm -rf /') or {}.__class__" } }],
      edges: [],
    };
    const created = await api.post<{ id: string; validation: { errors: { code: string }[] } }>("/api/workflows", { name: "expr", graph });
    expect(created.status).toBe(201);
    expect(created.body.validation.errors.map((e) => e.code)).toEqual(["invalid_expression"]);
    const res = await api.post<{ errors: { code: string }[] }>(`/api/workflows/${created.body.id}/validate`);
    expect(res.status).toBe(200);
    expect(res.body.errors.map((e) => e.code)).toEqual(["invalid_expression"]);
  });
});

describe("the OpenAPI document agrees with the server", () => {
  type Op = { parameters?: { name: string; in: string }[]; requestBody?: { required: boolean }; responses: Record<string, unknown> };
  type Doc = { openapi: string; paths: Record<string, Record<string, Op>> };

  it("is served, and every operation answers bad input with a status it documents, never a 5xx, changing nothing", async () => {
    const res = await api.get<Doc>("/api/openapi");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const operations = Object.entries(res.body.paths).flatMap(([p, methods]) => Object.entries(methods).map(([method, op]) => ({ p, method, op })));
    expect(operations.length).toBeGreaterThan(30);

    const before = await snapshot(server);
    let checked = 0;
    for (const { p, method, op } of operations) {
      const name = `${method} ${p}`;
      const hasPathParams = p.includes("{");
      // A path whose ids cannot exist (well-formed, so it reaches the handler): 404, documented.
      if (hasPathParams) {
        const ghost = p.replace(/\{name\}/g, "NO_SUCH_SECRET").replace(/\{(version|seq)\}/g, "999999").replace(/\{\w+\}/g, "no-such-id-0000");
        const answer = await request(server.baseUrl, method.toUpperCase(), ghost, op.requestBody ? {} : undefined);
        expect(answer.status, name).toBeLessThan(500);
        expect(Object.keys(op.responses), name).toContain(String(answer.status));
        // With an empty body where one is required, the body's 400 may come first.
        expect(answer.status, name).toEqual(op.requestBody?.required ? expect.toBeOneOf([400, 404]) : 404);
        checked++;
      }
      // Broken JSON to an operation with a body, on a real target where there is one: 400, documented.
      if (op.requestBody && !hasPathParams) {
        const answer = await request<ErrorBody>(server.baseUrl, method.toUpperCase(), p, '{"broken":');
        expect(answer.status, name).toBe(400);
        expect(answer.body.error.code, name).toBe("invalid_json");
        expect(Object.keys(op.responses), name).toContain("400");
        checked++;
      }
      // A page size out of range to a paged list: 400, documented.
      if (op.parameters?.some((param) => param.name === "limit") && !hasPathParams) {
        const answer = await request<ErrorBody>(server.baseUrl, "GET", `${p}?limit=0`);
        expect(answer.status, name).toBe(400);
        expect(answer.body.error.code, name).toBe("invalid_query");
        expect(Object.keys(op.responses), name).toContain("400");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(25);
    expect(await snapshot(server)).toEqual(before);
  });
});

describe("requests a web page could make a browser send", () => {
  /** node:http, which sends the Host header it is given (fetch would not); as the test admin. */
  function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
    const url = new URL(server.baseUrl);
    const sent = { ...adminAuth(), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers };
    return new Promise((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, method, path, headers: sent }, (res) => {
        let text = "";
        res.on("data", (d) => (text += String(d)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }
  const here = () => new URL(server.baseUrl).host;

  it("refuses pages and API calls for another host name (DNS rebinding), and answers this one", async () => {
    const before = await snapshot(server);
    for (const path of ["/", "/runs", `/workflows/${wfId}`, "/api/workflows", `/api/workflows/${wfId}`]) {
      const refused = await raw("GET", path, { host: "rebind.example:80" });
      expect(refused.status, path).toBe(403);
      expect(refused.text, path).toContain("rebind.example");
      expect(refused.text, path).not.toContain("Target"); // nothing of the stored workflow
      expect((await raw("GET", path, { host: here() })).status, path).toBe(200);
    }
    const posted = await raw("POST", `/api/workflows/${wfId}/runs`, { host: "rebind.example", origin: "http://rebind.example" }, "{}");
    expect(posted.status).toBe(403);
    expect(JSON.parse(posted.text).error.code).toBe("forbidden_host");
    expect(await snapshot(server)).toEqual(before);
  });

  it("refuses writes from another site's page, takes them from its own and from clients without an Origin", async () => {
    const before = await snapshot(server);
    for (const [method, path, body] of [
      ["POST", "/api/workflows", JSON.stringify({ name: "planted" })],
      ["POST", `/api/workflows/${wfId}/runs`, "{}"],
      ["DELETE", `/api/workflows/${wfId}`, undefined],
      ["POST", "/api/secrets", JSON.stringify({ name: "PLANTED", value: "x" })],
    ] as const) {
      const res = await raw(method, path, { host: here(), origin: "https://attacker.example" }, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(res.text).error.code).toBe("cross_origin");
    }
    // This host under https is another site; a body a cross-site form can send (text/plain) is not JSON to this API.
    const https = await raw("POST", "/api/workflows", { host: here(), origin: `https://${here()}` }, JSON.stringify({ name: "planted" }));
    expect([https.status, JSON.parse(https.text).error.code]).toEqual([403, "cross_origin"]);
    const form = await raw("POST", "/api/workflows", { host: here(), "content-type": "text/plain" }, JSON.stringify({ name: "planted" }));
    expect([form.status, JSON.parse(form.text).error.code]).toEqual([415, "unsupported_media_type"]);
    expect(await snapshot(server)).toEqual(before);
    const own = await raw("POST", "/api/workflows", { host: here(), origin: `http://${here()}` }, JSON.stringify({ name: "From its own page" }));
    expect(own.status).toBe(201);
    const noOrigin = await raw("POST", "/api/workflows", { host: here() }, JSON.stringify({ name: "From a script" }));
    expect(noOrigin.status).toBe(201);
  });
});

import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer as FakeHttp } from "@/engine/tools/http/test-server";
import { dbOf } from "./support/db";
import { client } from "./support/http";
import { startServer, type TestServer } from "./support/server";
import { openSse } from "./support/sse";

const VALUE = `sk-live-${randomBytes(12).toString("hex")}`;
let server: TestServer;
let fake: FakeHttp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  // The far side echoes the header it got: in the body on success, and in a 500 on /fail.
  fake = await startTestServer((req, res, _body) => {
    const echoed = String(req.headers["x-api-key"]);
    res.setHeader("content-type", "application/json");
    res.statusCode = req.url?.startsWith("/fail") ? 500 : 200;
    res.end(JSON.stringify({ echoed, note: `you sent ${echoed}` }));
  });
  server = await startServer({ env: { SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1" } });
  api = client(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const httpGraph = (pathPart: string, name = "API_KEY") => ({
  nodes: [
    {
      id: "call",
      type: "tool",
      position: { x: 0, y: 0 },
      config: { tool: "http_request", params: { method: "POST", url: `http://127.0.0.1:${fake.port}/${pathPart}?t={ticket}`, headers: { "x-api-key": `{secrets.${name}}` }, body: { ticket: "{ticket}" } } },
    },
  ],
  edges: [],
});

async function runGraph(graph: unknown) {
  const wf = await api.post<{ id: string }>("/api/workflows", { name: "secret user", graph });
  expect(wf.status).toBe(201);
  return api.post<{ id: string; status: string; error_message: string | null; steps: { output: unknown; error: string | null }[] }>(`/api/workflows/${wf.body.id}/runs?wait=30000`, { input: { ticket: "T-1" } });
}

describe("/api/secrets", () => {
  it("creates, lists (names only), updates and deletes, with audit rows and never a value", async () => {
    const created = await api.post("/api/secrets", { name: "TEMP_TOKEN", value: "temp-value-123" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "TEMP_TOKEN" });
    expect(JSON.stringify(created.body)).not.toContain("temp-value-123");
    expect((await api.post("/api/secrets", { name: "TEMP_TOKEN", value: "x" })).status).toBe(409);
    const list = await api.get<{ items: { name: string; created_at: string; updated_at: string }[] }>("/api/secrets");
    expect(list.body.items.map((s) => s.name)).toContain("TEMP_TOKEN");
    expect(Object.keys(list.body.items[0]).sort()).toEqual(["created_at", "name", "updated_at"]);
    expect((await api.put("/api/secrets/TEMP_TOKEN", { value: "temp-value-456" })).status).toBe(200);
    expect((await api.del("/api/secrets/TEMP_TOKEN")).status).toBe(204);
    expect((await api.del("/api/secrets/TEMP_TOKEN")).status).toBe(404);
    expect((await api.put("/api/secrets/TEMP_TOKEN", { value: "v" })).status).toBe(404);
    const audit = await api.get<{ items: { action: string; target_id: string; details: unknown }[] }>("/api/audit?limit=10");
    const actions = audit.body.items.filter((a) => a.target_id === "TEMP_TOKEN").map((a) => a.action);
    expect(actions).toEqual(["secret.delete", "secret.update", "secret.create"]);
    expect(JSON.stringify(audit.body)).not.toMatch(/temp-value/);
  });

  it("refuses bad names and values with 400", async () => {
    for (const body of [{ name: "lower", value: "v" }, { name: "1ABC", value: "v" }, { name: "A-B", value: "v" }, { name: "A".repeat(65), value: "v" }, { name: "OK", value: "" }, { name: "OK" }]) {
      const res = await api.post<{ error: { code: string } }>("/api/secrets", body);
      expect(res.status).toBe(400);
    }
    expect((await api.put("/api/secrets/bad-name", { value: "v" })).status).toBe(400);
  });
});

describe("secrets in runs", () => {
  it("refuses a run naming an unknown secret with 422", async () => {
    const res = await runGraph(httpGraph("ok", "NOT_THERE"));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("unknown_secret");
  });

  it("sends the value to the far side and it never appears in the database, SSE, logs or audit", async () => {
    expect((await api.post("/api/secrets", { name: "API_KEY", value: VALUE })).status).toBe(201);
    const keyFile = path.join(server.dataDir, "secret.key");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const ok = await runGraph(httpGraph("ok"));
    expect(ok.body.status).toBe("completed");
    expect(ok.body.steps[0].output).toMatchObject({ body: { echoed: "[secret:API_KEY]" } });
    const failed = await runGraph(httpGraph("fail"));
    expect(failed.body.status).toBe("failed");
    expect(failed.body.error_message).toContain("[secret:API_KEY]");
    expect(fake.requests.filter((r) => r.headers["x-api-key"] === VALUE)).toHaveLength(2);

    const sse: string[] = [];
    for (const run of [ok.body, failed.body]) {
      const conn = await openSse(`${server.baseUrl}/api/runs/${run.id}/events`);
      await conn.closed;
      sse.push(conn.raw());
      sse.push(JSON.stringify((await api.get(`/api/runs/${run.id}`)).body));
    }
    expect(sse.join("\n")).toContain("[secret:API_KEY]");
    expect(sse.join("\n")).not.toContain(VALUE);
    expect(JSON.stringify((await api.get("/api/audit?limit=500")).body)).not.toContain(VALUE);
    expect(server.log()).not.toContain(VALUE);

    const db = await dbOf(server);
    try {
      const tables = await db.tables();
      expect(tables).toContain("secrets");
      let rows = 0;
      for (const name of tables) {
        for (const row of await db.all(`SELECT * FROM "${name}"`)) {
          rows++;
          for (const cell of Object.values(row)) {
            const text = Buffer.isBuffer(cell) ? cell.toString("latin1") : String(cell);
            expect(text.includes(VALUE), `table ${name}`).toBe(false);
          }
        }
      }
      expect(rows).toBeGreaterThan(10);
    } finally {
      await db.close();
    }
  });
});

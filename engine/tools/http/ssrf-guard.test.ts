import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "../../run/clock";
import type { ToolContext } from "../../ports";
import { httpRequestTool } from "./http-request-tool";
import { sendJson, startTestServer, type TestServer } from "./test-server";
import { nodeErrorOf } from "../../testing/node-error";

const ctx = (): ToolContext => ({ signal: new AbortController().signal, idempotency_key: "run:n:1", run_id: "run", node_id: "n", clock: systemClock });

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer((req, res) => {
    if (req.url?.startsWith("/to?")) {
      res.writeHead(302, { location: new URL(req.url, "http://x").searchParams.get("u") ?? "/" });
      return res.end();
    }
    sendJson(res, 200, { ok: true });
  });
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe("http_request SSRF guard", () => {
  const loopbackForms = () => [
    `http://127.0.0.1:${server.port}/`,
    `http://localhost:${server.port}/`,
    `http://[::1]:${server.port}/`,
    `http://[::ffff:127.0.0.1]:${server.port}/`,
    `http://0.0.0.0:${server.port}/`,
    `http://2130706433:${server.port}/`,
    `http://0x7f.1:${server.port}/`,
    `http://LocalHost:${server.port}/`,
  ];

  it("refuses every loopback form without connecting", async () => {
    const tool = httpRequestTool({ allowedHosts: [] });
    for (const url of loopbackForms()) {
      const err = await nodeErrorOf(tool.run({ method: "GET", url }, ctx()));
      expect(err.code, url).toBe("tool_error");
      expect(err.message, url).toMatch(/refused/);
      expect(err.retryable, url).toBe(false);
    }
    expect(server.connections).toBe(0);
  });

  it("control: the same server is reachable once its host is allow-listed", async () => {
    const tool = httpRequestTool({ allowedHosts: ["127.0.0.1"] });
    const out = await tool.run({ method: "GET", url: `http://127.0.0.1:${server.port}/` }, ctx());
    expect(out.body).toEqual({ ok: true });
    expect(server.connections).toBe(1);
  });

  it("reads SWITCHYARD_ALLOWED_HOSTS at call time and matches the hostname exactly", async () => {
    const tool = httpRequestTool();
    vi.stubEnv("SWITCHYARD_ALLOWED_HOSTS", "example.test, 127.0.0.2");
    await nodeErrorOf(tool.run({ method: "GET", url: `http://127.0.0.1:${server.port}/` }, ctx()));
    expect(server.connections).toBe(0);
    vi.stubEnv("SWITCHYARD_ALLOWED_HOSTS", "example.test,LocalHost");
    const out = await tool.run({ method: "GET", url: `http://localhost:${server.port}/` }, ctx());
    expect(out.status).toBe(200);
  });

  it.each(["http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://100.64.0.1/", "http://192.168.0.1/", "http://[fe80::1]/", "http://[fd00::1]/", "http://224.0.0.1/"])(
    "refuses %s before connecting (returns at once although nothing would answer)",
    async (url) => {
      const started = Date.now();
      const err = await nodeErrorOf(httpRequestTool({ allowedHosts: [] }).run({ method: "GET", url, timeout_ms: 10_000 }, ctx()));
      expect(err.message).toMatch(/refused/);
      expect(Date.now() - started).toBeLessThan(500);
    },
  );

  it("refuses a redirect from an allowed host to a private address", async () => {
    const tool = httpRequestTool({ allowedHosts: ["127.0.0.1"] });
    const target = encodeURIComponent(`http://localhost:${server.port}/secret`);
    const err = await nodeErrorOf(tool.run({ method: "GET", url: `http://127.0.0.1:${server.port}/to?u=${target}` }, ctx()));
    expect(err.message).toMatch(/refused: localhost \((127\.0\.0\.1|::1)\)/);
    expect(server.requests.map((r) => r.url)).toEqual([`/to?u=${target}`]);
    expect(server.connections).toBe(1);
  });

  it("refuses a redirect to the metadata address promptly", async () => {
    const tool = httpRequestTool({ allowedHosts: ["127.0.0.1"] });
    const target = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
    const started = Date.now();
    const err = await nodeErrorOf(tool.run({ method: "GET", url: `http://127.0.0.1:${server.port}/to?u=${target}`, timeout_ms: 10_000 }, ctx()));
    expect(err.message).toMatch(/169\.254\.169\.254/);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("only speaks http and https", async () => {
    const tool = httpRequestTool({ allowedHosts: ["127.0.0.1"] });
    for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/", "gopher://127.0.0.1/"]) {
      const err = await nodeErrorOf(tool.run({ method: "GET", url }, ctx()));
      expect(err.retryable).toBe(false);
      expect(err.message).toMatch(/only http and https/);
    }
    const target = encodeURIComponent("file:///etc/passwd");
    const err = await nodeErrorOf(tool.run({ method: "GET", url: `http://127.0.0.1:${server.port}/to?u=${target}` }, ctx()));
    expect(err.message).toMatch(/only http and https/);
  });
});

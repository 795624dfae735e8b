import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "../../run/clock";
import type { ToolContext } from "../../ports";
import { httpRequestTool } from "./http-request-tool";
import { sendJson, startTestServer, type Handler, type TestServer } from "./test-server";
import { nodeErrorOf } from "../../testing/node-error";

const ctx = (signal = new AbortController().signal): ToolContext => ({ signal, idempotency_key: "run-1:call:2", run_id: "run-1", node_id: "call", clock: systemClock });
const tool = httpRequestTool({ allowedHosts: ["127.0.0.1"] });

const routes: Record<string, Handler> = {
  "/json": (_req, res) => sendJson(res, 200, { hello: "world", n: [1, 2] }, { "x-extra": "yes" }),
  "/echo": (req, res, body) => sendJson(res, 200, { method: req.method, headers: req.headers, body }),
  "/text": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("plain ü");
  },
  "/missing": (_req, res) => sendJson(res, 404, { error: "no such thing" }),
  "/boom": (_req, res) => {
    res.writeHead(503, { "retry-after": "2" });
    res.end("try later");
  },
  "/slow-down": (_req, res) => sendJson(res, 429, { error: "rate limited" }),
  "/302": (_req, res) => {
    res.writeHead(302, { location: "/echo" });
    res.end();
  },
  "/307": (_req, res) => {
    res.writeHead(307, { location: "/echo" });
    res.end();
  },
  "/loop": (_req, res) => {
    res.writeHead(301, { location: "/loop" });
    res.end();
  },
  "/hang": () => {},
  "/big": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    for (let i = 0; i < 10; i++) res.write("x".repeat(500));
    res.end();
  },
  "/big-declared": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain", "content-length": "5000" });
    res.end("x".repeat(5000));
  },
};

let server: TestServer;
let base: string;
beforeEach(async () => {
  server = await startTestServer((req, res, body) => (routes[req.url ?? ""] ?? routes["/missing"])(req, res, body));
  base = `http://127.0.0.1:${server.port}`;
});
afterEach(() => server.close());

describe("http_request", () => {
  it("GETs JSON and returns status, headers and the parsed body", async () => {
    const out = await tool.run({ method: "GET", url: `${base}/json` }, ctx());
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ hello: "world", n: [1, 2] });
    expect(out.headers["x-extra"]).toBe("yes");
    expect(out.headers["content-type"]).toBe("application/json");
  });

  it("POSTs a JSON body with the caller's headers and the idempotency key", async () => {
    const out = await tool.run(
      { method: "post" as "POST", url: `${base}/echo`, headers: { "X-Trace": "abc" }, body: { a: 1, b: ["x"] } },
      ctx(),
    );
    const echo = out.body as { method: string; headers: Record<string, string>; body: string };
    expect(echo.method).toBe("POST");
    expect(JSON.parse(echo.body)).toEqual({ a: 1, b: ["x"] });
    expect(echo.headers["content-type"]).toBe("application/json");
    expect(echo.headers["x-trace"]).toBe("abc");
    expect(echo.headers["idempotency-key"]).toBe("run-1:call:2");
  });

  it("sends a string body as is and returns a text response as text", async () => {
    const echoed = await tool.run({ method: "PUT", url: `${base}/echo`, body: "raw words" }, ctx());
    expect((echoed.body as { body: string }).body).toBe("raw words");
    expect((echoed.body as { headers: Record<string, string> }).headers["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await tool.run({ method: "GET", url: `${base}/text` }, ctx());
    expect(text.body).toBe("plain ü");
  });

  it("fails the node on 4xx without retry, with the status and a body excerpt", async () => {
    const err = await nodeErrorOf(tool.run({ method: "GET", url: `${base}/missing` }, ctx()));
    expect(err.code).toBe("tool_error");
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("HTTP 404");
    expect(err.message).toContain("no such thing");
  });

  it("marks 5xx and 429 retryable and passes Retry-After on", async () => {
    const boom = await nodeErrorOf(tool.run({ method: "GET", url: `${base}/boom` }, ctx()));
    expect(boom.retryable).toBe(true);
    expect(boom.retryAfterMs).toBe(2000);
    expect(boom.message).toContain("HTTP 503");
    const limited = await nodeErrorOf(tool.run({ method: "GET", url: `${base}/slow-down` }, ctx()));
    expect(limited.retryable).toBe(true);
  });

  it("returns error statuses when allow_error_status is set", async () => {
    const out = await tool.run({ method: "GET", url: `${base}/missing`, allow_error_status: true }, ctx());
    expect(out).toMatchObject({ status: 404, body: { error: "no such thing" } });
  });

  it("follows 302 as a GET without body and 307 with method and body", async () => {
    const after302 = await tool.run({ method: "POST", url: `${base}/302`, body: { a: 1 } }, ctx());
    expect(after302.body).toMatchObject({ method: "GET", body: "" });
    expect((after302.body as { headers: Record<string, string> }).headers["content-type"]).toBeUndefined();
    const after307 = await tool.run({ method: "POST", url: `${base}/307`, body: { a: 1 } }, ctx());
    expect(after307.body).toMatchObject({ method: "POST", body: '{"a":1}' });
    expect((after307.body as { headers: Record<string, string> }).headers["idempotency-key"]).toBe("run-1:call:2");
  });

  it("gives up after 5 redirects", async () => {
    const err = await nodeErrorOf(tool.run({ method: "GET", url: `${base}/loop` }, ctx()));
    expect(err.message).toMatch(/more than 5 redirects/);
    expect(server.requests).toHaveLength(6);
  });

  it("times out as a retryable failure and closes the connection", async () => {
    const started = Date.now();
    const err = await nodeErrorOf(tool.run({ method: "GET", url: `${base}/hang`, timeout_ms: 150 }, ctx()));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/timed out after 150 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    await server.closedConnection;
  });

  it("aborts through the node's signal: cancelled, and the server sees the connection close", async () => {
    const controller = new AbortController();
    const pending = tool.run({ method: "GET", url: `${base}/hang` }, ctx(controller.signal));
    await server.gotRequest;
    controller.abort();
    const err = await nodeErrorOf(pending);
    expect(err.code).toBe("cancelled");
    expect(err.retryable).toBe(false);
    await server.closedConnection;
  });

  it("refuses bodies over the size cap, declared or streamed", async () => {
    const small = httpRequestTool({ allowedHosts: ["127.0.0.1"], maxResponseBytes: 1000 });
    for (const path of ["/big", "/big-declared"]) {
      const err = await nodeErrorOf(small.run({ method: "GET", url: `${base}${path}` }, ctx()));
      expect(err.message).toMatch(/larger than 1000 bytes/);
      expect(err.retryable).toBe(false);
    }
  });

  it("rejects invalid params without sending anything", async () => {
    const bad = await nodeErrorOf(tool.run({ method: "FETCH" as "GET", url: `${base}/json` }, ctx()));
    expect(bad.retryable).toBe(false);
    expect(bad.message).toMatch(/invalid params: method/);
    const badUrl = await nodeErrorOf(tool.run({ method: "GET", url: "not a url" }, ctx()));
    expect(badUrl.message).toMatch(/invalid URL/);
    expect(server.connections).toBe(0);
  });

  it("reports a refused connection as a retryable network error", async () => {
    const port = server.port;
    await server.close();
    const err = await nodeErrorOf(tool.run({ method: "GET", url: `http://127.0.0.1:${port}/json` }, ctx()));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/ECONNREFUSED/);
  });
});

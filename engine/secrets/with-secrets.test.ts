import { afterEach, describe, expect, it } from "vitest";
import { NodeError } from "../errors";
import type { SecretResolver } from "../ports";
import { graph, harness, tool } from "../testing/harness";
import { httpRequestTool } from "../tools/http/http-request-tool";
import { startTestServer, type TestServer } from "../tools/http/test-server";
import { builtinTools, createToolRegistry } from "../tools/registry";

const VALUE = "tok-9f8e7d6c5b4a";
const resolver = (values: Record<string, string>): SecretResolver & { asked: string[][] } => {
  const asked: string[][] = [];
  return {
    asked,
    async resolve(names) {
      asked.push([...names]);
      const missing = names.filter((n) => !(n in values));
      if (missing.length) throw new NodeError("tool_error", `unknown secret '${missing[0]}'`, { retryable: false });
      return Object.fromEntries(names.map((n) => [n, values[n]]));
    },
  };
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const setup = (secrets?: SecretResolver) => {
  const tools = createToolRegistry([...builtinTools().filter((t) => t.name !== "http_request"), httpRequestTool({ allowedHosts: ["127.0.0.1"] })]);
  return harness([], { tools, secrets });
};

describe("secrets in http_request (engine level)", () => {
  it("sends the value at the last moment and keeps it out of state, outputs and events", async () => {
    server = await startTestServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ echoed: req.headers.authorization }));
    });
    const secrets = resolver({ API_TOKEN: VALUE });
    const h = setup(secrets);
    const g = graph([tool("call", "http_request", { method: "GET", url: `http://127.0.0.1:${server.port}/x?u={user}`, headers: { authorization: "Bearer {secrets.API_TOKEN}" } })]);
    const run = await h.run(g, { user: "ada" });
    expect(run.status).toBe("completed");
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${VALUE}`);
    expect(server.requests[0].url).toBe("/x?u=ada");
    expect(secrets.asked).toEqual([["API_TOKEN"]]);
    const [step] = await h.steps(run.id);
    expect(step.output).toMatchObject({ body: { echoed: "Bearer [secret:API_TOKEN]" } });
    expect(JSON.stringify([run, await h.steps(run.id), h.events.events, await h.store.listCheckpoints(run.id)])).not.toContain(VALUE);
  });

  it("redacts the value from a failing call's error", async () => {
    server = await startTestServer((req, res) => {
      res.statusCode = 500;
      res.end(`upstream saw ${req.headers["x-key"]}`);
    });
    const h = setup(resolver({ K: VALUE }));
    const run = await h.run(graph([tool("call", "http_request", { method: "POST", url: `http://127.0.0.1:${server.port}/`, headers: { "x-key": "{secrets.K}" } })]));
    expect(run.status).toBe("failed");
    expect(server.requests[0].headers["x-key"]).toBe(VALUE);
    const [step] = await h.steps(run.id);
    expect(step.error).toContain("upstream saw [secret:K]");
    expect(JSON.stringify([run, step, h.events.events])).not.toContain(VALUE);
  });

  it("a state key named `secrets`, or a state value holding a placeholder, never resolves a secret", async () => {
    server = await startTestServer((_req, res) => res.end("ok"));
    const h = setup(resolver({ K: VALUE }));
    const g = graph([tool("call", "http_request", { method: "GET", url: `http://127.0.0.1:${server.port}/{path}`, headers: { "x-a": "{secrets.K}" } })]);
    const run = await h.run(g, { secrets: { K: "from-state" }, path: "{secrets.K}" });
    expect(run.status).toBe("completed");
    expect(server.requests[0].headers["x-a"]).toBe(VALUE);
    expect(decodeURIComponent(server.requests[0].url)).toBe("/{secrets.K}");
  });

  it("fails without calling out when a secret is unknown or no resolver is configured", async () => {
    server = await startTestServer((_req, res) => res.end("ok"));
    const url = `http://127.0.0.1:${server.port}/`;
    const g = graph([tool("call", "http_request", { method: "GET", url, headers: { "x-a": "{secrets.NOPE}" } })]);
    const unknown = await setup(resolver({})).run(g);
    expect(unknown.error_message).toContain("unknown secret 'NOPE'");
    const none = await setup().run(g);
    expect(none.error_message).toContain("secrets are not available");
    expect(server.connections).toBe(0);
  });

  it("refuses a secret placeholder outside url, headers and body at run time too", async () => {
    const h = setup(resolver({ K: VALUE }));
    const run = await h.run(graph([tool("call", "http_request", { method: "GET", url: "http://127.0.0.1:1/", timeout_ms: "{secrets.K}" })]));
    expect(run.error_message).toContain("may only be used in the url, headers or body");
  });
});

/**
 * The http_request tool on a network of the test's own (its transport port) and a clock
 * moved by hand: the guard, redirects and the deadline are the tool's, with no socket.
 */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../testing/manual-clock";
import { nodeErrorOf } from "../../testing/node-error";
import type { ToolContext } from "../../ports";
import { httpRequestTool } from "./http-request-tool";
import type { HttpExchange, HttpTransport, Hop, ResolvedAddress } from "./transport";

const DNS: Record<string, ResolvedAddress[]> = {
  "api.example.test": [{ address: "93.184.216.34", family: 4 }],
  "intranet.example.test": [{ address: "10.0.0.7", family: 4 }],
};

function reply(status: number, headers: Record<string, string>, body = ""): HttpExchange {
  return { status, statusText: "", headers, readBody: async () => Buffer.from(body), discard: () => undefined };
}

/** Answers by path; records every hop sent and where it was pinned. */
function network(answer: (hop: Hop, signal: AbortSignal) => Promise<HttpExchange>) {
  const sent: { url: string; pinned?: string; headers: Record<string, string> }[] = [];
  const transport: HttpTransport = {
    resolve: async (host) => DNS[host] ?? [],
    send: async (hop, pinned, signal) => {
      sent.push({ url: hop.url.href, pinned: pinned?.address, headers: hop.headers });
      return answer(hop, signal);
    },
  };
  return { transport, sent };
}

const context = (clock = manualClock()): ToolContext => ({ signal: new AbortController().signal, idempotency_key: "run-1:call:1", run_id: "run-1", node_id: "call", clock });

describe("http_request over its transport port", () => {
  it("sends to the checked address with the run's idempotency key, and decodes JSON", async () => {
    const net = network(async () => reply(200, { "content-type": "application/json" }, '{"ok":true}'));
    const tool = httpRequestTool({ transport: net.transport, allowedHosts: [] });
    const result = await tool.run({ method: "GET", url: "https://api.example.test/v1" }, context());
    expect(result).toEqual({ status: 200, headers: { "content-type": "application/json" }, body: { ok: true } });
    expect(net.sent).toEqual([{ url: "https://api.example.test/v1", pinned: "93.184.216.34", headers: { "Idempotency-Key": "run-1:call:1" } }]);
  });

  it("refuses a redirect to a private address before sending anything there", async () => {
    const net = network(async () => reply(302, { location: "https://intranet.example.test/admin" }));
    const tool = httpRequestTool({ transport: net.transport, allowedHosts: [] });
    const err = await nodeErrorOf(tool.run({ method: "GET", url: "https://api.example.test/start" }, context()));
    expect(err.message).toContain("intranet.example.test (10.0.0.7) is a private");
    expect(net.sent.map((s) => s.url)).toEqual(["https://api.example.test/start"]);
  });

  it("times out by the clock it is given, not the wall clock", async () => {
    const net = network((_hop, signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })));
    const clock = manualClock();
    const tool = httpRequestTool({ transport: net.transport, allowedHosts: [] });
    const call = nodeErrorOf(tool.run({ method: "GET", url: "https://api.example.test/slow", timeout_ms: 120_000 }, context(clock)));
    await clock.advance(119_999);
    expect(clock.pending()).toBe(1);
    await clock.advance(1);
    const err = await call;
    expect(err.message).toBe("http_request timed out after 120000 ms");
    expect(err.retryable).toBe(true);
  });
});

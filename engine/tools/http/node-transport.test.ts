import { afterEach, beforeEach, expect, it } from "vitest";
import { nodeHttpTransport } from "./node-transport";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer((req, res) => res.end(`host=${req.headers.host}`));
});
afterEach(() => server.close());

it("connects to the address the guard pinned, keeping the URL's host name (no DNS asked)", async () => {
  const url = new URL(`http://pinned.invalid:${server.port}/x`);
  const signal = new AbortController().signal;
  const res = await nodeHttpTransport.send({ method: "GET", url, headers: {} }, { address: "127.0.0.1", family: 4 }, signal);
  expect(res.status).toBe(200);
  const body = (await res.readBody(1000, signal)).toString();
  expect(body).toBe(`host=pinned.invalid:${server.port}`);
});

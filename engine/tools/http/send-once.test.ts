import type { LookupFunction } from "node:net";
import { afterEach, beforeEach, expect, it } from "vitest";
import { readBody } from "./read-body";
import { sendOnce } from "./send-once";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer((req, res) => res.end(`host=${req.headers.host}`));
});
afterEach(() => server.close());

it("connects where the guard's lookup says, keeping the URL's host name", async () => {
  const seen: string[] = [];
  const lookup: LookupFunction = (host, options, callback) => {
    seen.push(host);
    if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else callback(null, "127.0.0.1", 4);
  };
  const url = new URL(`http://pinned.invalid:${server.port}/x`);
  const signal = new AbortController().signal;
  const res = await sendOnce({ method: "GET", url, headers: {} }, { lookup }, signal);
  const body = (await readBody(res, 1000, signal)).toString();
  expect(body).toBe(`host=pinned.invalid:${server.port}`);
  expect(seen).toEqual(["pinned.invalid"]);
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseServerTiming } from "./http-load";
import { RawHttpClient } from "./raw-http";

let server: http.Server | null = null;
let client: RawHttpClient | null = null;

afterEach(async () => {
  client?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
  client = null;
});

/** A real node:http server; `handler` answers each request. */
async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (text += c));
    req.on("end", () => resolve(text));
  });

describe("RawHttpClient", () => {
  it("sends a POST with its JSON body and reads a content-length answer", async () => {
    const url = await serve(async (req, res) => {
      const body = await readBody(req);
      const text = JSON.stringify({ method: req.method, url: req.url, type: req.headers["content-type"], body });
      res.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    });
    client = new RawHttpClient(url);
    const res = await client.request("POST", "/runs?wait=1", JSON.stringify({ input: { ü: "é" } }));
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ method: "POST", url: "/runs?wait=1", type: "application/json", body: '{"input":{"ü":"é"}}' });
  });

  it("reads a chunked answer written in pieces, with multi-byte characters split across chunks", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const bytes = Buffer.from("héllo wörld ".repeat(500));
      let at = 0;
      const step = () => {
        if (at >= bytes.length) return res.end();
        res.write(bytes.subarray(at, at + 777));
        at += 777;
        setImmediate(step);
      };
      step();
    });
    client = new RawHttpClient(url);
    const res = await client.request("GET", "/");
    expect(res.status).toBe(200);
    expect(res.body).toBe("héllo wörld ".repeat(500));
  });

  it("hands back the Server-Timing header as sent, and none when there was none", async () => {
    const url = await serve((req, res) => {
      if (req.url === "/timed") res.setHeader("Server-Timing", 'engine;dur=1.25;desc="Engine Host", handoff;dur=0.3');
      res.end("ok");
    });
    client = new RawHttpClient(url);
    const timed = await client.request("GET", "/timed");
    expect(timed.serverTiming).toBe('engine;dur=1.25;desc="Engine Host", handoff;dur=0.3');
    expect(parseServerTiming(timed.serverTiming)).toEqual({ engine: 1.25, handoff: 0.3 });
    const plain = await client.request("GET", "/plain");
    expect(plain.serverTiming).toBeUndefined();
    expect(parseServerTiming(plain.serverTiming)).toEqual({});
  });

  it("reuses keep-alive connections and queues requests beyond maxSockets", async () => {
    const sockets = new Set<unknown>();
    let inFlight = 0;
    let peak = 0;
    const url = await serve((req, res) => {
      sockets.add(req.socket);
      peak = Math.max(peak, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.end(req.url);
      }, 5);
    });
    client = new RawHttpClient(url, 3);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => client!.request("GET", `/${i}`)));
    expect(answers.map((a) => a.body)).toEqual(Array.from({ length: 30 }, (_, i) => `/${i}`));
    expect(peak).toBe(3);
    expect(sockets.size).toBe(3);
  });

  it("opens a new connection after the server closes one", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("connection", "close");
      res.end("bye");
    });
    client = new RawHttpClient(url, 1);
    expect((await client.request("GET", "/a")).body).toBe("bye");
    expect((await client.request("GET", "/b")).body).toBe("bye");
  });

  it("rejects when the server drops the connection mid-answer", async () => {
    const url = await serve((req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("partial");
      setTimeout(() => req.socket.destroy(), 5);
    });
    client = new RawHttpClient(url);
    await expect(client.request("GET", "/")).rejects.toThrow(/closed/);
  });
});

/**
 * A local HTTP server for the http_request tests that records every TCP
 * connection, so a test can prove that a refused request never connected.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  port: number;
  /** TCP connections accepted so far. */
  connections: number;
  requests: RecordedRequest[];
  /** Resolves when some accepted connection has closed. */
  closedConnection: Promise<void>;
  /** Resolves when the first request's headers and body have arrived. */
  gotRequest: Promise<void>;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

function listen(server: http.Server, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Start a server on every local address it can (dual-stack `::` when the machine
 * has IPv6, else 127.0.0.1), so any loopback form would reach it if allowed.
 */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let markClosed = () => {};
  let markRequest = () => {};
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      markRequest();
      handler(req, res, body);
    });
  });
  const state = {
    port: 0,
    connections: 0,
    requests,
    closedConnection: new Promise<void>((r) => (markClosed = r)),
    gotRequest: new Promise<void>((r) => (markRequest = r)),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  server.on("connection", (socket: Socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      markClosed();
    });
  });
  try {
    await listen(server, "::");
  } catch {
    await listen(server, "127.0.0.1");
  }
  state.port = (server.address() as AddressInfo).port;
  return state;
}

/** Reply with `value` as JSON. */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

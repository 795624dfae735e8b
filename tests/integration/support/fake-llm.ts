/**
 * A fake LLM server on 127.0.0.1 for provider tests: records every request (path,
 * headers, parsed JSON body) and every socket, and lets each test script the answer
 * with the wire helpers in fake-llm-protocols.ts. Nothing here touches the internet.
 */
import http, { type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface LlmRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** Answers request number `n` (1-based). */
export type LlmHandler = (req: LlmRequest, res: ServerResponse, n: number) => void;

export interface FakeLlm {
  /** Base URL ending in /v1, as the AI SDK providers expect. */
  baseURL: string;
  requests: LlmRequest[];
  /** Sockets the server has seen close (the client hung up or the server cut them). */
  closedSockets: number;
  /** Resolves when the next request has arrived. */
  nextRequest(): Promise<LlmRequest>;
  close(): Promise<void>;
}

export async function startFakeLlm(handler: LlmHandler): Promise<FakeLlm> {
  const sockets = new Set<Socket>();
  const waiters: ((r: LlmRequest) => void)[] = [];
  const state = { closedSockets: 0, requests: [] as LlmRequest[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = { raw: text };
      }
      const recorded: LlmRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      state.requests.push(recorded);
      for (const w of waiters.splice(0)) w(recorded);
      handler(recorded, res, state.requests.length);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      state.closedSockets++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get closedSockets() {
      return state.closedSockets;
    },
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

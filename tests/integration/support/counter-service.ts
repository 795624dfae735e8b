/**
 * A local HTTP service that counts requests per path and Idempotency-Key, for crash tests.
 * `/slow` holds its first response until the test releases it (or forever), later ones answer at once;
 * `?delay_ms=N` on any other path answers after N ms.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface CounterService {
  url: string;
  /** Requests seen, in order: path and Idempotency-Key. */
  requests: { path: string; key: string | undefined }[];
  count(path: string): number;
  keys(path: string): (string | undefined)[];
  /** Resolves when `path` has been requested `n` times. */
  seen(path: string, n?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `onRequest` sees each request as it arrives, before it is answered; when it returns a
 * promise, the request is answered once that settles (a 500 if it rejects).
 */
export async function startCounterService(onRequest?: (path: string, key: string | undefined) => void | Promise<void>): Promise<CounterService> {
  const requests: CounterService["requests"] = [];
  const listeners = new Set<() => void>();
  let slowHeld = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://counter");
    const path = url.pathname;
    const key = req.headers["idempotency-key"] as string | undefined;
    requests.push({ path, key });
    const proceed = () => {
      for (const l of [...listeners]) l();
      if (path === "/slow" && !slowHeld) {
        slowHeld = true;
        req.socket.on("close", () => res.destroy());
        return;
      }
      const answer = () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ path, n: requests.filter((r) => r.path === path).length }));
      };
      const delayMs = Number(url.searchParams.get("delay_ms") ?? 0);
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    };
    const seen = onRequest?.(path, key);
    if (!(seen instanceof Promise)) return proceed();
    seen.then(proceed, (err: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(`onRequest failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const count = (path: string) => requests.filter((r) => r.path === path).length;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count,
    keys: (path) => requests.filter((r) => r.path === path).map((r) => r.key),
    seen(path, n = 1, timeoutMs = 15_000) {
      if (count(path) >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => (listeners.delete(check), reject(new Error(`${path} not requested ${n} time(s) within ${timeoutMs} ms`))), timeoutMs);
        const check = () => {
          if (count(path) < n) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

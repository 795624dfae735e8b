/**
 * Load generators for the HTTP benchmark: a keep-alive client, a sequential latency probe
 * and a closed-loop concurrency test (N clients, each triggering and waiting in a loop).
 */
import http from "node:http";
import { adminAuth, startServer, type ServerOptions, type TestServer } from "../tests/integration/support/server";
import { RawHttpClient } from "./raw-http";

/** Saves `graph` as a workflow named `name`; the path that triggers it and waits for the run. */
export async function triggerAndWaitPath(client: HttpClient, name: string, graph: unknown): Promise<string> {
  const created = await client.post("/api/workflows", { name, graph });
  if (created.status !== 201) throw new Error(`creating the workflow answered ${created.status} ${created.body}`);
  const { id } = JSON.parse(created.body) as { id: string };
  return `/api/workflows/${id}/runs?wait=10000`;
}

export interface HttpClient {
  post(path: string, body: unknown): Promise<{ status: number; body: string; serverTiming?: string }>;
  get(path: string): Promise<{ status: number; body: string }>;
  close(): void;
}

/**
 * Keep-alive connections (so the figures measure the server, not TCP handshakes). By default
 * the lean client of ./raw-http.ts; `LOADGEN_CLIENT=node` uses node:http's agent instead
 * (what figures before 2026-12-02 used).
 */
export function httpClient(baseUrl: string, maxSockets = 256, headers: Record<string, string> = {}): HttpClient {
  if (process.env.LOADGEN_CLIENT === "node") return nodeHttpClient(baseUrl, maxSockets, headers);
  const raw = new RawHttpClient(baseUrl, maxSockets, headers);
  return {
    post: (path, body) => raw.request("POST", path, JSON.stringify(body)),
    get: (path) => raw.request("GET", path),
    close: () => raw.close(),
  };
}

/** The same on node:http's keep-alive agent. */
function nodeHttpClient(baseUrl: string, maxSockets: number, auth: Record<string, string>): HttpClient {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const send = (method: string, path: string, payload?: string) =>
    new Promise<{ status: number; body: string; serverTiming?: string }>((resolve, reject) => {
      const headers = payload === undefined ? { ...auth } : { ...auth, "content-type": "application/json", "content-length": Buffer.byteLength(payload) };
      const req = http.request({ host: url.hostname, port: url.port, path, method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        const header = res.headers["server-timing"];
        const timing = Array.isArray(header) ? header.join(", ") : header;
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ...(timing ? { serverTiming: timing } : {}) }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(payload);
    });
  return {
    post: (path, body) => send("POST", path, JSON.stringify(body)),
    get: (path) => send("GET", path),
    close: () => agent.destroy(),
  };
}

/**
 * An editor API key on a test server (made with its bootstrap token): the benchmarks call
 * the API as an automation client would, paying for the key check on every request. A
 * build from before API keys (404 on the route, for an A/B) is called without one.
 */
export async function benchApiKey(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/api-keys`, {
    method: "POST",
    headers: { ...adminAuth(), "content-type": "application/json" },
    body: JSON.stringify({ name: "bench", role: "editor" }),
  });
  if (res.status === 404) return {};
  if (res.status !== 201) throw new Error(`could not make the bench's API key: ${res.status} ${await res.text()}`);
  const { key } = (await res.json()) as { key: string };
  return { authorization: `Bearer ${key}` };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Requests per second of a trivial route with `clients` concurrent loops: the framework's floor. */
export async function routeFloor(client: HttpClient, path: string, clients: number, durationMs: number) {
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  let ok = 0;
  const one = performance.now();
  await client.get(path);
  const single = performance.now() - one;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) if ((await client.get(path)).status === 200) ok++;
    }),
  );
  return { path, clients, single_ms: round(single), requests_per_s: round(ok / ((performance.now() - started) / 1000), 0) };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A response counts as an error unless it is 201 with a completed run. */
export function failed(res: { status: number; body: string }): boolean {
  return res.status !== 201 || !res.body.includes('"status":"completed"');
}

/**
 * `count` triggers one after another: latency percentiles in ms, and the medians of the
 * server's `Server-Timing` split — `engine_p50_ms` (the engine host's time on the command),
 * `handoff_p50_ms` (passing it between threads) and `rest_p50_ms` (the remainder of each
 * request: client, network, Next.js and the route handler).
 */
export async function sequentialLatency(client: HttpClient, path: string, count: number) {
  const times: number[] = [];
  const engine: number[] = [];
  const handoff: number[] = [];
  const rest: number[] = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await client.post(path, { input: { i } });
    const ms = performance.now() - t0;
    times.push(ms);
    if (failed(res)) errors++;
    const timing = parseServerTiming(res.serverTiming);
    if (timing.engine !== undefined && timing.handoff !== undefined) {
      engine.push(timing.engine);
      handoff.push(timing.handoff);
      rest.push(ms - timing.engine - timing.handoff);
    }
  }
  const p50 = (values: number[]) => (values.length === 0 ? null : round(percentile(values.sort((a, b) => a - b), 50)));
  times.sort((a, b) => a - b);
  return {
    requests: count,
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    p99_ms: round(percentile(times, 99)),
    max_ms: round(times[times.length - 1]),
    errors,
    engine_p50_ms: p50(engine),
    handoff_p50_ms: p50(handoff),
    rest_p50_ms: p50(rest),
  };
}

/** `engine;dur=1.9;desc="…", handoff;dur=0.3` → `{ engine: 1.9, handoff: 0.3 }`. */
export function parseServerTiming(header: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!header) return out;
  for (const metric of header.split(",")) {
    const [name, ...params] = metric.split(";").map((part) => part.trim());
    const dur = params.find((p) => p.startsWith("dur="));
    if (name && dur) out[name] = Number(dur.slice(4));
  }
  return out;
}

/** `count` GETs one after another: the p50 of a route, in ms. */
export async function sequentialGet(client: HttpClient, path: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await client.get(path);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50_ms: round(percentile(times, 50)) };
}

/** `clients` concurrent loops of trigger+wait for `durationMs`: throughput and errors. */
export async function closedLoop(client: HttpClient, path: string, clients: number, durationMs: number, nodesPerRun: number) {
  const deadline = performance.now() + durationMs;
  const times: number[] = [];
  let errors = 0;
  let sample = "";
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      let i = 0;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const res = await client.post(path, { input: { c, i: i++ } });
          times.push(performance.now() - t0);
          if (failed(res)) {
            errors++;
            sample ||= `${res.status} ${res.body.slice(0, 300)}`;
          }
        } catch (err) {
          errors++;
          sample ||= String(err);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const runs = times.length - errors;
  return {
    clients,
    seconds: round(seconds),
    runs,
    runs_per_s: round(runs / seconds, 1),
    node_executions_per_s: round((runs * nodesPerRun) / seconds, 0),
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    errors,
    // CPU the load generator itself used per request: taken from the server's cores.
    loadgen_cpu_ms_per_request: round((user + system) / 1000 / times.length, 3),
    ...(sample ? { first_error: sample } : {}),
  };
}

/** `SERVER_NODE_OPTIONS` from the environment as server options: it replaces the server's Node options when set. */
export function serverNodeOptions(): Pick<ServerOptions, "env"> {
  return { env: process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {} };
}

/** Starts the built server on a fresh database, runs `fn` with a client for it, and stops both however `fn` ends. */
export async function withServer<T>(options: ServerOptions, fn: (client: HttpClient, server: TestServer) => Promise<T>): Promise<T> {
  const server = await startServer(options);
  const client = httpClient(server.baseUrl, 256, await benchApiKey(server.baseUrl));
  try {
    return await fn(client, server);
  } finally {
    client.close();
    await server.stop();
  }
}


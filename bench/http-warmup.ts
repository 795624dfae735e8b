/**
 * How long the built server takes to warm up: the sequential trigger + wait p50 (and the
 * health route's) after every WINDOW requests served, STEPS times, on a fresh server and
 * database. Tells how many warm-up runs bench/http.ts needs before it measures steady state.
 *   NEXT_DIST_DIR=.next-runs npx tsx bench/http-warmup.ts   # knobs: WINDOW (500), STEPS (12), WORKLOAD
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { startServer } from "../tests/integration/support/server";
import { httpClient, sequentialGet, sequentialLatency } from "./http-load";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const workload = process.env.WORKLOAD ?? "chain_10";
  const graph = JSON.parse(readFileSync(path.join(process.cwd(), "bench/workloads", `${workload}.json`), "utf8")) as { nodes: unknown[] };
  const server = await startServer();
  const client = httpClient(server.baseUrl);
  try {
    const created = await fetch(`${server.baseUrl}/api/workflows`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: workload, graph }) });
    const { id } = (await created.json()) as { id: string };
    const runs = `/api/workflows/${id}/runs?wait=10000`;
    const window = env("WINDOW", 500);
    for (let step = 1; step <= env("STEPS", 12); step++) {
      const seq = await sequentialLatency(client, runs, window);
      const health = await sequentialGet(client, "/api/health", 200);
      console.log(JSON.stringify({ bench: "http.warmup", workload, served: step * window, p50_ms: seq.p50_ms, p95_ms: seq.p95_ms, engine_p50_ms: seq.engine_p50_ms, rest_p50_ms: seq.rest_p50_ms, health_p50_ms: health.p50_ms, errors: seq.errors }));
    }
  } finally {
    client.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

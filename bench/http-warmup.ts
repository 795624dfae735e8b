/**
 * How long the built server takes to warm up: the sequential trigger + wait p50 (and the
 * health route's) after every WINDOW requests served, STEPS times, on a fresh server and
 * database. Tells how many warm-up runs bench/http.ts needs before it measures steady state.
 *   NEXT_DIST_DIR=.next-runs npx tsx bench/http-warmup.ts   # knobs: WINDOW (500), STEPS (12), WORKLOAD
 */
import { sequentialGet, sequentialLatency, triggerAndWaitPath, withServer } from "./http-load";
import { runMain } from "./main";
import { loadWorkload } from "./workloads";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const workload = process.env.WORKLOAD ?? "chain_10";
  const graph = loadWorkload(workload);
  await withServer({}, async (client) => {
    const runs = await triggerAndWaitPath(client, workload, graph);
    const window = env("WINDOW", 500);
    for (let step = 1; step <= env("STEPS", 12); step++) {
      const seq = await sequentialLatency(client, runs, window);
      const health = await sequentialGet(client, "/api/health", 200);
      console.log(JSON.stringify({ bench: "http.warmup", workload, served: step * window, p50_ms: seq.p50_ms, p95_ms: seq.p95_ms, engine_p50_ms: seq.engine_p50_ms, rest_p50_ms: seq.rest_p50_ms, health_p50_ms: health.p50_ms, errors: seq.errors }));
    }
  });
}

runMain(main);

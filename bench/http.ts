/**
 * HTTP benchmark: the built server (`next start`) on a fresh temporary database, driven
 * through `POST /api/workflows/{id}/runs?wait=` with the chain_10 workload.
 *   NEXT_DIST_DIR=.next-runs npm run build && NEXT_DIST_DIR=.next-runs npx tsx bench/http.ts
 * Prints one JSON line per measurement. Knobs: WARMUP (3000), SEQ_COUNT (200), CLIENTS (100),
 * LOAD_SECONDS (20), WORKLOAD (chain_10); SERVER_NODE_OPTIONS replaces the server's Node options
 * (scripts/server-node-options.mjs), e.g. `SERVER_NODE_OPTIONS=" "` for Node's defaults.
 */
import { closedLoop, routeFloor, sequentialGet, sequentialLatency, serverNodeOptions, triggerAndWaitPath, withServer } from "./http-load";
import { runMain } from "./main";
import { loadWorkload } from "./workloads";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const workload = process.env.WORKLOAD ?? "chain_10";
  const graph = loadWorkload(workload);
  await withServer(serverNodeOptions(), async (client) => {
    const runs = await triggerAndWaitPath(client, workload, graph);
    // A warm server: the sequential p50 falls over the first ~3,000 requests (V8 optimizing
    // the request path, Next.js's and ours) and then holds (bench/http-warmup.ts).
    for (let i = 0; i < env("WARMUP", 3000); i++) await client.post(runs, { input: { i } });

    const seq = await sequentialLatency(client, runs, env("SEQ_COUNT", 200));
    console.log(JSON.stringify({ bench: "http.sequential_trigger_wait", workload, ...seq }));

    const floorSeq = await sequentialGet(client, "/api/health", env("SEQ_COUNT", 200));
    const floor = { ...(await routeFloor(client, "/api/health", env("CLIENTS", 100), 5000)), sequential_p50_ms: floorSeq.p50_ms };
    console.log(JSON.stringify({ bench: "http.route_floor", ...floor }));

    const load = await closedLoop(client, runs, env("CLIENTS", 100), env("LOAD_SECONDS", 20) * 1000, graph.nodes.length);
    console.log(JSON.stringify({ bench: "http.concurrent_trigger_wait", workload, ...load }));
  });
}

runMain(main);

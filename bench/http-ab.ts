/**
 * A/B of two builds through the HTTP API, interleaved so both see the same machine: this
 * checkout's build against the one in `BASE_DIR` (another checkout, built with the same
 * `NEXT_DIST_DIR`). Both servers run at once on fresh databases with the same Node options:
 * - sequential: trigger + wait of chain_10, alternating one request to each (SEQ_COUNT pairs,
 *   the order flipping every pair), p50/p95 per build;
 * - shared load: CLIENTS clients on each build at the same time for LOAD_SECONDS, ROUNDS
 *   times; the cheaper build completes more runs.
 * BASE_NODE_OPTIONS / THIS_NODE_OPTIONS replace one side's server Node options (as
 * SERVER_NODE_OPTIONS does in bench/http.ts); with `BASE_DIR=.` that compares Node options
 * on one build.
 * A machine whose speed drifts within minutes makes back-to-back runs of `bench/http.ts`
 * useless for changes of a few percent; this cancels the drift. See bench/README.md.
 *
 *   BASE_DIR=/tmp/base NEXT_DIST_DIR=.next-runs npx tsx bench/http-ab.ts
 */
import path from "node:path";
import { startServer, type TestServer } from "../tests/integration/support/server";
import { benchApiKey, closedLoop, failed, httpClient, percentile, round, triggerAndWaitPath, type HttpClient } from "./http-load";
import { loadWorkload } from "./workloads";
import { runMain } from "./main";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface Side {
  name: "base" | "this";
  server: TestServer;
  client: HttpClient;
  path: string;
}

async function side(name: Side["name"], root: string, graph: unknown): Promise<Side> {
  const nodeOptions = process.env[name === "base" ? "BASE_NODE_OPTIONS" : "THIS_NODE_OPTIONS"];
  const server = await startServer({ root, env: nodeOptions ? { NODE_OPTIONS: nodeOptions } : {} });
  const client = httpClient(server.baseUrl, 256, await benchApiKey(server.baseUrl));
  return { name, server, client, path: await triggerAndWaitPath(client, "chain_10", graph) };
}

async function main(): Promise<void> {
  const baseDir = process.env.BASE_DIR;
  if (!baseDir) throw new Error("set BASE_DIR to the checkout to compare with (built with the same NEXT_DIST_DIR)");
  const graph = loadWorkload("chain_10");
  const sides = [await side("base", path.resolve(baseDir), graph), await side("this", process.cwd(), graph)];
  try {
    for (let i = 0; i < env("WARMUP", 1000); i++) for (const s of sides) await s.client.post(s.path, { input: { i } });

    const times = new Map(sides.map((s) => [s.name, [] as number[]]));
    for (let i = 0; i < env("SEQ_COUNT", 2000); i++) {
      for (const s of i % 2 ? sides : [...sides].reverse()) {
        const t0 = performance.now();
        const res = await s.client.post(s.path, { input: { i } });
        times.get(s.name)!.push(performance.now() - t0);
        if (failed(res)) throw new Error(`${s.name}: trigger answered ${res.status} ${res.body.slice(0, 300)}`);
      }
    }
    const seq = Object.fromEntries(
      sides.map((s) => {
        const sorted = times.get(s.name)!.sort((a, b) => a - b);
        return [s.name, { p50_ms: round(percentile(sorted, 50)), p95_ms: round(percentile(sorted, 95)) }];
      }),
    );
    console.log(JSON.stringify({ bench: "http_ab.sequential_trigger_wait", pairs: env("SEQ_COUNT", 2000), ...seq }));

    for (let r = 0; r < env("ROUNDS", 3); r++) {
      const results = await Promise.all(sides.map((s) => closedLoop(s.client, s.path, env("CLIENTS", 50), env("LOAD_SECONDS", 15) * 1000, graph.nodes.length)));
      const shared = Object.fromEntries(sides.map((s, i) => [s.name, { runs_per_s: results[i].runs_per_s, errors: results[i].errors }]));
      console.log(JSON.stringify({ bench: "http_ab.shared_load", clients_each: env("CLIENTS", 50), ...shared }));
    }
  } finally {
    for (const s of sides) {
      s.client.close();
      await s.server.stop();
    }
  }
}

runMain(main);

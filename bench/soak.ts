/**
 * Soak benchmark: the built server (`next start`) under a long mixed load, to show that its
 * memory and its per-request cost do not grow with the runs it has served.
 *   NEXT_DIST_DIR=.next-runs npm run build && NEXT_DIST_DIR=.next-runs npx tsx bench/soak.ts
 * Knobs: SOAK_SECONDS (300), CLIENTS (50), WARMUP (500), SAMPLE_SECONDS (10); SERVER_NODE_OPTIONS
 * replaces the server's Node options; KEEP_DB=1 keeps the database (its path is in the summary).
 *
 * Each client loops over a mix: chain_10 trigger + wait (16 in 20), a gate run watched over
 * SSE until it pauses, disconnected mid-stream and then approved (1 in 20), a run followed
 * over SSE from its start to the end of the stream (1 in 20), and reads — a workflow's runs,
 * one run, the audit log, the spend summary (2 in 20). Prints one JSON line per sample (runs
 * so far, each kind of request's p50 in the window, the server's RSS and its anonymous part,
 * the database and WAL sizes) and a summary: memory after warm-up, at its peak and at the
 * end, its growth over the second half per 10,000 runs, disk bytes per run, latencies,
 * errors, and after the load whether every run settled and the audit chain verifies.
 */
import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import { startServer } from "../tests/integration/support/server";
import { gateGraph } from "../tests/integration/support/run-graphs";
import { benchApiKey, failed, httpClient, percentile, round, serverNodeOptions, type HttpClient } from "./http-load";
import { runMain } from "./main";
import { loadWorkload } from "./workloads";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface Sample {
  t_s: number;
  runs: number;
  /** p50 of each kind of request in the window since the previous sample, ms. */
  window_p50_ms?: Record<string, number>;
  rss_mb: number;
  anon_mb: number;
  db_mb: number;
  wal_mb: number;
}

/** Resident memory of a process, from /proc (Linux): all of it, and its anonymous part (heaps, not mapped files). */
function rssMb(pid: number): { rss_mb: number; anon_mb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024, 1);
  return { rss_mb: mb("VmRSS"), anon_mb: mb("RssAnon") };
}

const sizeMb = (file: string) => {
  try {
    return round(statSync(file).size / 2 ** 20, 1);
  } catch {
    return 0;
  }
};

/**
 * Opens a run's event stream and reads it until `stop(eventName)` says so (then drops the
 * connection, as a closed browser tab does) or the server ends the stream. Resolves with the
 * event names seen.
 */
function readEvents(baseUrl: string, runId: string, stop: (event: string) => boolean, timeoutMs = 10_000): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const seen: string[] = [];
    const req = http.get(`${baseUrl}/api/runs/${runId}/events`, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`events: HTTP ${res.statusCode}`));
        return;
      }
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (!name) continue;
          seen.push(name);
          if (stop(name)) {
            clearTimeout(timer);
            req.destroy();
            resolve(seen);
            return;
          }
        }
      });
      res.on("end", () => {
        clearTimeout(timer);
        resolve(seen);
      });
      res.on("error", () => undefined);
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`events: no end within ${timeoutMs} ms (saw ${seen.join(", ")})`));
    }, timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

type RunBody = { id: string; status: string };

async function main(): Promise<void> {
  const graph = loadWorkload("chain_10");
  const server = await startServer({ ...serverNodeOptions(), keepFiles: process.env.KEEP_DB === "1" });
  const pid = server.pid();
  if (!pid) throw new Error("the server has no pid");
  const client: HttpClient = httpClient(server.baseUrl, 256, await benchApiKey(server.baseUrl));
  const walFile = `${server.dbFile}-wal`;
  const create = async (name: string, g: unknown) => JSON.parse((await client.post("/api/workflows", { name, graph: g })).body) as { id: string };

  let runs = 0;
  let errors = 0;
  let firstError = "";
  const fail = (what: string, detail: string) => {
    errors++;
    firstError ||= `${what}: ${detail.slice(0, 300)}`;
  };
  try {
    const chain = await create("soak chain_10", graph);
    const gated = await create("soak gate", gateGraph());
    const chainRuns = `/api/workflows/${chain.id}/runs`;
    const gateRuns = `/api/workflows/${gated.id}/runs`;
    for (let i = 0; i < env("WARMUP", 500); i++) await client.post(`${chainRuns}?wait=10000`, { input: { i } });

    const samples: Sample[] = [];
    const started = performance.now();
    const times: Record<string, number[]> = { trigger_wait: [], gate_sse_approve: [], follow_sse: [], run_reads: [], audit_spend_reads: [] };
    const kinds = Object.keys(times);
    const kindOf = (slot: number) => kinds[slot < 16 ? 0 : slot - 15];
    const seen = Object.fromEntries(kinds.map((k) => [k, 0]));
    const windowP50 = () =>
      Object.fromEntries(
        kinds.map((k) => {
          const w = times[k].slice(seen[k]).sort((a, b) => a - b);
          seen[k] = times[k].length;
          return [k, round(percentile(w, 50))];
        }),
      );
    const sample = () =>
      samples.push({
        t_s: round((performance.now() - started) / 1000, 1),
        runs,
        window_p50_ms: windowP50(),
        ...rssMb(pid),
        db_mb: sizeMb(server.dbFile),
        wal_mb: sizeMb(walFile),
      });
    sample();
    console.log(JSON.stringify({ bench: "soak.sample", ...samples[0] }));
    const sampler = setInterval(() => {
      sample();
      console.log(JSON.stringify({ bench: "soak.sample", ...samples[samples.length - 1] }));
    }, env("SAMPLE_SECONDS", 10) * 1000);

    const deadline = performance.now() + env("SOAK_SECONDS", 300) * 1000;
    const clients = env("CLIENTS", 50);
    let lastRun = "";
    const mix = async (c: number, i: number) => {
      const slot = i % 20;
      if (slot < 16) {
        const res = await client.post(`${chainRuns}?wait=10000`, { input: { c, i } });
        if (failed(res)) return fail("trigger", `${res.status} ${res.body}`);
        lastRun = (JSON.parse(res.body) as RunBody).id;
        runs++;
      } else if (slot === 16) {
        const res = await client.post(gateRuns, { input: { ticket: `S-${c}-${i}` } });
        if (res.status !== 201) return fail("gate trigger", `${res.status} ${res.body}`);
        const { id } = JSON.parse(res.body) as RunBody;
        const seen = await readEvents(server.baseUrl, id, (e) => e === "gate.pending");
        if (!seen.includes("gate.pending")) return fail("gate events", seen.join(","));
        const approved = await client.post(`/api/runs/${id}/approve`, { node_id: "review", input: { decision: "send" } });
        if (approved.status !== 202) return fail("approve", `${approved.status} ${approved.body}`);
        runs++;
      } else if (slot === 17) {
        const res = await client.post(chainRuns, { input: { c, i } });
        if (res.status !== 201) return fail("trigger", `${res.status} ${res.body}`);
        const { id } = JSON.parse(res.body) as RunBody;
        const seen = await readEvents(server.baseUrl, id, () => false);
        if (seen[seen.length - 1] !== "run.status") return fail("followed events", seen.slice(-3).join(","));
        runs++;
      } else if (slot === 18) {
        const list = await client.get(`${chainRuns}?limit=20`);
        const one = lastRun ? await client.get(`/api/runs/${lastRun}`) : list;
        if (list.status !== 200 || one.status !== 200) return fail("reads", `${list.status} ${one.status}`);
      } else {
        const audit = await client.get("/api/audit?limit=50");
        const spend = await client.get("/api/spend");
        if (audit.status !== 200 || spend.status !== 200) return fail("reads", `${audit.status} ${spend.status}`);
      }
    };
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = c; performance.now() < deadline; i++) {
          const t0 = performance.now();
          try {
            await mix(c, i);
            times[kindOf(i % 20)].push(performance.now() - t0);
          } catch (err) {
            fail("request", String(err));
          }
        }
      }),
    );
    const loadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();

    // Every run settles: approved gate runs finish in the background.
    let open = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 100 && open > 0; tries++) {
      const running = JSON.parse((await client.get("/api/runs?status=running&limit=1")).body) as { items: unknown[] };
      const paused = JSON.parse((await client.get("/api/runs?status=paused&limit=1")).body) as { items: unknown[] };
      open = running.items.length + paused.items.length;
      if (open > 0) await new Promise((r) => setTimeout(r, 100));
    }
    const verify = JSON.parse((await client.get("/api/audit/verify")).body) as { ok: boolean; checked: number };

    const loaded = samples[0];
    const half = samples.filter((s) => s.t_s >= samples[samples.length - 1].t_s / 2);
    const first = half[0];
    const last = half[half.length - 1];
    const growthPer10k = (mb: (s: Sample) => number) => (last.runs > first.runs ? round(((mb(last) - mb(first)) / (last.runs - first.runs)) * 10_000, 1) : null);
    const diskBytes = (statSync(server.dbFile).size + (statSync(walFile, { throwIfNoEntry: false })?.size ?? 0)) / (runs + env("WARMUP", 500));
    console.log(
      JSON.stringify({
        bench: "soak.summary",
        ...(process.env.KEEP_DB === "1" ? { database: server.dbFile } : {}),
        clients,
        seconds: round(loadSeconds, 1),
        runs,
        runs_per_s: round(runs / loadSeconds, 1),
        errors,
        rss_after_warmup_mb: loaded.rss_mb,
        rss_peak_mb: Math.max(...samples.map((s) => s.rss_mb)),
        rss_end_mb: samples[samples.length - 1].rss_mb,
        anon_after_warmup_mb: loaded.anon_mb,
        anon_end_mb: samples[samples.length - 1].anon_mb,
        rss_growth_second_half_mb_per_10k_runs: growthPer10k((s) => s.rss_mb),
        anon_growth_second_half_mb_per_10k_runs: growthPer10k((s) => s.anon_mb),
        disk_bytes_per_run: Math.round(diskBytes),
        p50_p95_ms: Object.fromEntries(
          kinds.map((k) => {
            const sorted = times[k].sort((a, b) => a - b);
            return [k, [round(percentile(sorted, 50)), round(percentile(sorted, 95))]];
          }),
        ),
        runs_left_open: open,
        audit_verify: verify,
        ...(firstError ? { first_error: firstError } : {}),
      }),
    );
  } finally {
    client.close();
    await server.stop();
  }
}

runMain(main);

/**
 * Step event to client across processes: two server processes on one PostgreSQL database;
 * runs execute in A, an SSE client on B (and, for comparison, one on A) records when each
 * `step.finished` arrives, against the step's own `finished_at` (one machine, one clock).
 *
 *   NEXT_DIST_DIR=.next npx tsx bench/cross-process-events.ts [runs=30] [steps=20]
 *
 * Each run is a `delay` of 400 ms (the streams connect meanwhile) and then `steps` delays of
 * 15 ms, so every measured event is delivered live, not replayed.
 */
import { randomBytes } from "node:crypto";
import { createPostgresTestDatabase } from "../lib/db/postgres/test-database";
import { adminAuth, startServer, type TestServer } from "../tests/integration/support/server";
import { runMain } from "./main";

type Received = { event: string; data: { step?: { node_id: string; finished_at: string | null } }; at: number };

/** Reads `url` as an event stream until it ends; every event with its arrival time (epoch ms). */
async function follow(url: string): Promise<Received[]> {
  const res = await fetch(url, { headers: adminAuth() });
  if (!res.ok || !res.body) throw new Error(`SSE ${url}: ${res.status}`);
  const out: Received[] = [];
  const decoder = new TextDecoder();
  let pending = "";
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const at = Date.now();
    pending += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = pending.indexOf("\n\n")) >= 0) {
      const frame = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (event && data) out.push({ event, data: JSON.parse(data) as Received["data"], at });
    }
  }
  return out;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p95: percentile(s, 0.95), max: s[s.length - 1] };
};

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 30);
  const steps = Number(process.argv[3] ?? 20);
  const database = await createPostgresTestDatabase();
  const env = { DATABASE_URL: database.url, SWITCHYARD_SECRET_KEY: randomBytes(32).toString("base64") };
  const servers: TestServer[] = [await startServer({ env, skipMigrate: true }), await startServer({ env, skipMigrate: true })];
  const [a, b] = servers;
  try {
    const nodes = [{ id: "warm", delay: 400 }, ...Array.from({ length: steps }, (_, i) => ({ id: `s${i}`, delay: 15 }))].map((n) => ({
      id: n.id, type: "tool", position: { x: 0, y: 0 }, config: { tool: "delay", params: { ms: n.delay } },
    }));
    const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i].id, target: n.id }));
    const headers = { ...adminAuth(), "content-type": "application/json" };
    const wf = (await (await fetch(`${a.baseUrl}/api/workflows`, { method: "POST", headers, body: JSON.stringify({ name: "events across processes", graph: { nodes, edges } }) })).json()) as { id: string };
    const across: number[] = [];
    const same: number[] = [];
    for (let r = 0; r < runs; r++) {
      const run = (await (await fetch(`${a.baseUrl}/api/workflows/${wf.id}/runs`, { method: "POST", headers, body: "{}" })).json()) as { id: string };
      const [onB, onA] = await Promise.all([follow(`${b.baseUrl}/api/runs/${run.id}/events`), follow(`${a.baseUrl}/api/runs/${run.id}/events`)]);
      const lag = (events: Received[], into: number[]) => {
        for (const e of events) if (e.event === "step.finished" && e.data.step?.node_id !== "warm" && e.data.step?.finished_at) into.push(e.at - Date.parse(e.data.step.finished_at));
      };
      lag(onB, across);
      lag(onA, same);
    }
    console.log(JSON.stringify({ runs, steps_per_run: steps, other_process_ms: summary(across), same_process_ms: summary(same) }));
  } finally {
    for (const s of servers) await s.stop();
    await database.close();
  }
}

runMain(main);

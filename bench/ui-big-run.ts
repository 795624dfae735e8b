/**
 * The run page with a thousand steps, live. The built server on a fresh database; headless
 * Chromium opens the run page of fanout_100x10 (1,003 agent steps) framed by two `delay`
 * steps: a first one that lets the page connect, and a last one that keeps the run live
 * after the burst. Two figures:
 *   - burst: for each of the 1,003 steps, its `finished_at` on the server to the first
 *     render of its settled row (p50, p95, max — the max is when the page has caught up);
 *   - tick: with 1,003 settled rows and one running, the page's main-thread time per second
 *     of wall time (Chromium's TaskDuration, plus the script, layout and style shares)
 *     while the clock moves the live step's bar and duration.
 *   NEXT_DIST_DIR=.next-runui npm run build && NEXT_DIST_DIR=.next-runui npx tsx bench/ui-big-run.ts
 * BASE_URL=http://… measures a server already running instead. Prints one JSON line.
 */
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { adminAuth, startServer, type TestServer } from "../tests/integration/support/server";
import { runMain } from "./main";

interface Graph {
  nodes: { id: string; type: string; position: { x: number; y: number }; config: Record<string, unknown> }[];
  edges: { id: string; source: string; target: string }[];
}

/** fanout_100x10 between a first delay of `headMs` and a last one of `tailMs`. */
function framed(headMs: number, tailMs: number): Graph {
  const graph = JSON.parse(readFileSync(new URL("./workloads/fanout_100x10.json", import.meta.url), "utf8")) as Graph;
  const starts = graph.nodes.filter((n) => !graph.edges.some((e) => e.target === n.id));
  const ends = graph.nodes.filter((n) => !graph.edges.some((e) => e.source === n.id));
  graph.nodes.push({ id: "head", type: "tool", position: { x: -400, y: 0 }, config: { tool: "delay", params: { ms: headMs } } });
  graph.nodes.push({ id: "tail", type: "tool", position: { x: 6000, y: 0 }, config: { tool: "delay", params: { ms: tailMs } } });
  for (const s of starts) graph.edges.push({ id: `head-${s.id}`, source: "head", target: s.id });
  for (const e of ends) graph.edges.push({ id: `tail-${e.id}`, source: e.id, target: "tail" });
  return graph;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const server: TestServer | null = process.env.BASE_URL ? null : await startServer();
  const base = process.env.BASE_URL ?? server!.baseUrl;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: "POST", headers: { ...adminAuth(), "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    const wf = (await post("/api/workflows", { name: "ui-big-run", graph: framed(5000, 20000) })) as { id: string };
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: adminAuth() });
    const run = (await post(`/api/workflows/${wf.id}/runs`, { input: {} })) as { id: string };
    await page.goto(`${base}/runs/${run.id}`);
    await page.locator('[data-testid="run-connection"][data-state="live"]').waitFor();
    await page.locator('[data-testid="step-row"][data-node-id="tail"][data-status="running"]').waitFor({ timeout: 60_000 });
    const rendered = (await page.evaluate(() => window.__stepRenderedAt ?? {})) as Record<string, number>;
    const detail = (await (await fetch(`${base}/api/runs/${run.id}?step_inputs=false`, { headers: adminAuth() })).json()) as { steps: { id: string; node_id: string; finished_at: string | null }[] };
    const burst = detail.steps.filter((s) => s.node_id !== "head" && s.node_id !== "tail");
    if (burst.some((s) => rendered[s.id] === undefined)) throw new Error("a settled step was never rendered");
    const delays = burst.map((s) => rendered[s.id] - Date.parse(s.finished_at!)).sort((a, b) => a - b);

    // The clock ticking over a thousand settled rows.
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    const seconds = 5;
    const before = await metrics();
    await page.waitForTimeout(seconds * 1000);
    const after = await metrics();
    const perSecond = (name: string) => Math.round(((after[name] - before[name]) / seconds) * 1000);
    await fetch(`${base}/api/runs/${run.id}/cancel`, { method: "POST", headers: adminAuth() });
    console.log(
      JSON.stringify({
        bench: "ui.big_run",
        steps: burst.length,
        burst_p50_ms: round(pct(delays, 50)),
        burst_p95_ms: round(pct(delays, 95)),
        burst_max_ms: round(delays[delays.length - 1]),
        tick_busy_ms_per_s: perSecond("TaskDuration"),
        tick_script_ms_per_s: perSecond("ScriptDuration"),
        tick_layout_ms_per_s: perSecond("LayoutDuration"),
        tick_style_ms_per_s: perSecond("RecalcStyleDuration"),
      }),
    );
  } finally {
    await browser.close();
    await server?.stop();
  }
}

runMain(main);

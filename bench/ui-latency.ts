/**
 * UI latency: how long after a step finishes on the server it shows as settled in the
 * browser's run page. The built server runs on a fresh database; headless Chromium opens
 * the run page of a chain of short `delay` steps (after a first, longer step that lets the
 * page connect) and records `performance.timeOrigin + performance.now()` when each settled
 * row first renders; that is compared with the step's `finished_at` (same machine clock).
 *   NEXT_DIST_DIR=.next-runui npm run build && NEXT_DIST_DIR=.next-runui npx tsx bench/ui-latency.ts
 * Knobs: STEPS (100), STEP_MS (20). Prints one JSON line.
 */
import { chromium } from "@playwright/test";
import { adminAuth, startServer } from "../tests/integration/support/server";
import { runMain } from "./main";

const STEPS = Number(process.env.STEPS ?? 100);
const STEP_MS = Number(process.env.STEP_MS ?? 20);

function chain(): unknown {
  const nodes = [{ id: "warmup", type: "tool", position: { x: 0, y: 0 }, config: { tool: "delay", params: { ms: 4000 } } }];
  const edges = [];
  for (let i = 1; i <= STEPS; i++) {
    nodes.push({ id: `s${i}`, type: "tool", position: { x: 280 * i, y: 0 }, config: { tool: "delay", params: { ms: STEP_MS } } });
    edges.push({ id: `e${i}`, source: i === 1 ? "warmup" : `s${i - 1}`, target: `s${i}` });
  }
  return { nodes, edges };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { ...adminAuth(), "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    const wf = (await post("/api/workflows", { name: "ui-latency", graph: chain() })) as { id: string };
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: adminAuth() });
    // Warm the route once so compilation and first paint are not measured.
    const warm = (await post(`/api/workflows/${wf.id}/runs`, { input: {} })) as { id: string };
    await page.goto(`${server.baseUrl}/runs/${warm.id}`);
    await page.getByTestId("run-view").waitFor();
    await fetch(`${server.baseUrl}/api/runs/${warm.id}/cancel`, { method: "POST", headers: adminAuth() });

    const run = (await post(`/api/workflows/${wf.id}/runs`, { input: {} })) as { id: string };
    await page.goto(`${server.baseUrl}/runs/${run.id}`);
    await page.locator('[data-testid="run-connection"][data-state="live"]').waitFor();
    await page.locator('[data-testid="run-status"]', { hasText: "completed" }).waitFor({ timeout: 120_000 });
    await page.locator(`[data-testid="step-row"][data-node-id="s${STEPS}"][data-status="completed"]`).waitFor();
    const rendered = (await page.evaluate(() => window.__stepRenderedAt ?? {})) as Record<string, number>;
    const detail = (await (await fetch(`${server.baseUrl}/api/runs/${run.id}`, { headers: adminAuth() })).json()) as { steps: { id: string; node_id: string; finished_at: string }[] };
    const delays = detail.steps
      .filter((s) => s.node_id !== "warmup" && rendered[s.id] !== undefined)
      .map((s) => rendered[s.id] - Date.parse(s.finished_at))
      .sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    console.log(
      JSON.stringify({
        bench: "ui.step_finished_to_render_ms",
        steps: delays.length,
        step_ms: STEP_MS,
        p50: round(pct(delays, 50)),
        p95: round(pct(delays, 95)),
        max: round(delays[delays.length - 1]),
        min: round(delays[0]),
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

runMain(main);

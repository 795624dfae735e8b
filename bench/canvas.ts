/**
 * Canvas benchmark: opens 1,000-node workflows in the built editor with Chromium and
 * measures time to a settled canvas, and frame times while panning and dragging a node.
 *   NEXT_DIST_DIR=.next-canvas npm run build && NEXT_DIST_DIR=.next-canvas npx tsx bench/canvas.ts
 * Prints one JSON line per workload and measurement. Knobs: WORKLOADS (chain_1000,wide_1000),
 * LOADS (3 timed page loads after one warm-up), STEPS (60 pointer steps per gesture),
 * TRACE_DIR (write a Chrome performance trace of each gesture there, for DevTools).
 */
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { adminAuth, startServer } from "../tests/integration/support/server";
import { loadWorkload } from "./workloads";
import { findNodePoint, findPanePoint, nextFrame, readinessScript, startFrameRecorder, stopFrameRecorder, type CanvasReadiness } from "./canvas-probe";
import { runMain } from "./main";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
const STEPS = Number(process.env.STEPS ?? 60);
const LOADS = Number(process.env.LOADS ?? 3);

/** Nearest-rank percentile of an unsorted sample. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (n: number) => Math.round(n * 10) / 10;

function frameStats(deltas: number[]) {
  return { frames: deltas.length, p50_ms: round(percentile(deltas, 50)), p95_ms: round(percentile(deltas, 95)), max_ms: round(Math.max(...deltas)) };
}

/** Loads the editor and resolves with the readiness figure the in-page probe records. */
async function openEditor(page: Page, url: string): Promise<CanvasReadiness> {
  await page.goto(url);
  await page.waitForFunction("window.__canvasReady !== undefined", undefined, { timeout: 60_000, polling: 50 });
  return (await page.evaluate("window.__canvasReady")) as CanvasReadiness;
}

/**
 * Presses at `from`, moves by `by` in STEPS steps, releases; frame deltas meanwhile. Each
 * step waits for the browser to take the event, so a slow frame holds the next step back
 * and every recorded frame had input to handle.
 */
async function gesture(page: Page, name: string, from: { x: number; y: number }, by: { x: number; y: number }): Promise<number[]> {
  const traceDir = process.env.TRACE_DIR;
  await page.mouse.move(from.x, from.y);
  if (traceDir) await page.context().browser()?.startTracing(page, { path: path.join(traceDir, `${name}.json`), screenshots: false });
  await page.evaluate(startFrameRecorder);
  await page.mouse.down();
  for (let i = 1; i <= STEPS; i++) {
    await page.mouse.move(from.x + (by.x * i) / STEPS, from.y + (by.y * i) / STEPS);
  }
  await page.mouse.up();
  await page.evaluate(nextFrame);
  if (traceDir) await page.context().browser()?.stopTracing();
  return (await page.evaluate(stopFrameRecorder)) as number[];
}

async function benchWorkload(page: Page, baseUrl: string, workload: string): Promise<void> {
  const graph = loadWorkload(workload);
  const res = await fetch(`${baseUrl}/api/workflows`, { method: "POST", headers: { ...adminAuth(), "content-type": "application/json" }, body: JSON.stringify({ name: workload, graph }) });
  if (res.status !== 201) throw new Error(`creating ${workload}: HTTP ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const url = `${baseUrl}/workflows/${id}`;

  await openEditor(page, url);
  const loads: CanvasReadiness[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await openEditor(page, url));
  const times = loads.map((l) => round(l.readyAt));
  console.log(JSON.stringify({ bench: "canvas.open", workload, nodes: graph.nodes.length, median_ms: round(percentile(times, 50)), runs_ms: times, rendered_nodes: loads[0].renderedNodes, target_ms: 1500 }));

  const pane = (await page.evaluate(findPanePoint)) as { x: number; y: number } | null;
  if (!pane) throw new Error(`${workload}: no empty pane to drag`);
  const pan = await gesture(page, `${workload}-pan`, pane, { x: -300, y: -120 });
  console.log(JSON.stringify({ bench: "canvas.pan", workload, steps: STEPS, ...frameStats(pan), target_p95_ms: 20 }));

  const node = (await page.evaluate(findNodePoint)) as { x: number; y: number; id: string } | null;
  if (!node) throw new Error(`${workload}: no node to drag`);
  const drag = await gesture(page, `${workload}-node-drag`, node, { x: 240, y: 160 });
  console.log(JSON.stringify({ bench: "canvas.node_drag", workload, node: node.id, steps: STEPS, ...frameStats(drag), target_p95_ms: 20 }));
}

async function main(): Promise<void> {
  const workloads = (process.env.WORKLOADS ?? "chain_1000,wide_1000").split(",");
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    for (const workload of workloads) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: adminAuth() });
      await context.addInitScript(readinessScript);
      const page = await context.newPage();
      page.on("dialog", (d) => void d.accept());
      try {
        await benchWorkload(page, server.baseUrl, workload);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

runMain(main);

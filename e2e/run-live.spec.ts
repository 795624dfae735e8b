import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { ApprovalsPage } from "./pages/approvals-page";
import { fanOutGateGraph, RunApi } from "./pages/run-fixtures";
import { RunTimelinePage } from "./pages/run-timeline-page";

test("a fan-out run streams live, pauses at the gate, is approved from the inbox and completes live", async ({ page, context, request }) => {
  const { id } = await new Api(request).createWorkflow("Live fan-out", fanOutGateGraph(4000));
  const runs = new RunApi(request);
  const runId = await runs.trigger(id, { ticket: "printer on fire" });

  const run = new RunTimelinePage(page);
  await run.goto(runId);
  // Parallel branches are seen running, on the timeline and on the canvas (polled together:
  // the canvas may mount after the timeline), before they settle.
  await Promise.all([
    expect(run.row("enrich")).toHaveAttribute("data-status", "running"),
    expect(run.canvasNode("enrich")).toHaveAttribute("data-mark", "running"),
  ]);
  await expect(run.connection).toHaveAttribute("data-state", "live");
  await expect(run.row("lookup")).toHaveAttribute("data-status", "completed");
  await expect(run.canvasNode("join")).toHaveAttribute("data-mark", "completed");

  await expect(run.status).toHaveText("paused");
  await expect(run.row("review")).toHaveAttribute("data-status", "waiting");
  await expect(run.gatePanel.getByTestId("gate-prompt")).toHaveText("Approve the reply for printer on fire?");

  const inboxTab = await context.newPage();
  const inbox = new ApprovalsPage(inboxTab);
  await inbox.goto();
  await expect(inbox.navCount).not.toHaveText("0");
  await expect(inbox.item(runId).getByTestId("approval-prompt")).toHaveText("Approve the reply for printer on fire?");
  const form = await inbox.review(runId);
  await form.getByTestId("gate-approve").click();
  await expect(form.getByText("Required")).toHaveCount(2);
  await form.getByTestId("gate-field-note").fill("ship it");
  await form.getByTestId("gate-field-priority").selectOption("high");
  await form.getByTestId("gate-comment").fill("looks good");
  await form.getByTestId("gate-approve").click();
  await expect(inbox.item(runId)).toHaveCount(0);

  // The run page, never reloaded, follows the run to the end.
  await expect(run.status).toHaveText("completed");
  await expect(run.row("draft")).toHaveAttribute("data-status", "completed");
  await expect(run.canvasNode("draft")).toHaveAttribute("data-mark", "completed");
  await expect(run.gatePanel).toHaveCount(0);
  await expect(run.rows).toHaveCount(7);

  const stored = await runs.run(runId);
  expect(stored.status).toBe("completed");
  const stepMicros = stored.steps.reduce((s, x) => s + Math.round(x.cost_usd * 1e6), 0);
  expect(stepMicros).toBeGreaterThan(0);
  expect(Math.round(stored.cost_usd * 1e6)).toBe(stepMicros);
  await expect(run.cost).toHaveText(`$${(stepMicros / 1e6).toFixed(6)}`);
  expect(await run.shownStepCostMicros()).toBe(stepMicros);

  // Each bar sits where its step ran on the run's axis (first start to last finish).
  const t = (iso: string | null) => Date.parse(iso!);
  const start = Math.min(t(stored.started_at), ...stored.steps.map((s) => t(s.started_at)));
  const end = Math.max(t(stored.finished_at), ...stored.steps.map((s) => t(s.finished_at)));
  const bars = await run.bars();
  for (const s of stored.steps) {
    const bar = bars[s.node_id];
    const [left, right] = [(t(s.started_at) - start) / (end - start), (t(s.finished_at) - start) / (end - start)];
    expect(bar.left, s.node_id).toBeCloseTo(Math.min(left, 1 - bar.minWidth), 2);
    expect(bar.right, s.node_id).toBeCloseTo(Math.min(1, Math.max(right, left + bar.minWidth)), 2);
  }

  await run.row("draft").click();
  const detail = page.getByTestId("step-detail");
  await expect(detail).toHaveAttribute("data-node-id", "draft");
  await expect(detail.getByTestId("step-input")).toContainText("ship it");
  await expect(detail).toContainText(`${runId}:draft:1`);
  await page.getByTestId("run-tab-output").click();
  await expect(page.getByTestId("run-output")).toContainText("approval_review");
});

test("rejecting the gate fails the run visibly, with the gate named", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Reject me", fanOutGateGraph(100));
  const runId = await new RunApi(request).trigger(id, { ticket: "refund" });
  const run = new RunTimelinePage(page);
  await run.goto(runId);
  await expect(run.status).toHaveText("paused");
  await expect(page.getByTestId("run-again")).toHaveCount(0);
  await run.gatePanel.getByTestId("gate-comment").fill("not this one");
  await run.gatePanel.getByTestId("gate-reject").click();
  await page.getByTestId("reject-dialog-confirm").click();
  await expect(run.status).toHaveText("failed");
  await expect(run.error).toContainText("review");
  await expect(run.canvasNode("draft")).not.toHaveAttribute("data-mark", "completed");
  await expect(run.connection).toHaveAttribute("data-state", "ended");
});

test("a finished run runs again with its input and options, as a new run", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Again", fanOutGateGraph(100));
  const first = await request.post(`/api/workflows/${id}/runs`, { data: { input: { ticket: "toner" }, options: { max_tokens: 50_000 } } });
  expect(first.status()).toBe(201);
  const firstId: string = (await first.json()).id;
  const run = new RunTimelinePage(page);
  await run.goto(firstId);
  await expect(run.status).toHaveText("paused");
  await run.gatePanel.getByTestId("gate-reject").click();
  await page.getByTestId("reject-dialog-confirm").click();
  await expect(run.status).toHaveText("failed");

  await page.getByTestId("run-again").click();
  await expect(page).not.toHaveURL(new RegExp(`/runs/${firstId}$`));
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(run.status).toHaveText("paused");
  const againId = page.url().split("/").pop()!;
  const again = await (await request.get(`/api/runs/${againId}`)).json();
  expect(again).toMatchObject({ workflow_id: id, input: { ticket: "toner" }, options: { max_tokens: 50_000 } });
  await expect(run.gatePanel.getByTestId("gate-prompt")).toHaveText("Approve the reply for toner?");
});


test("a step's input and a checkpoint's state load when opened, from a run fetched without them", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Inspect", fanOutGateGraph(50));
  const runId = await new RunApi(request).trigger(id, { ticket: "paper jam" });
  const run = new RunTimelinePage(page);
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname + new URL(r.url()).search));
  await run.goto(runId);
  await expect(run.status).toHaveText("paused");
  expect(fetched).toContain(`/api/runs/${runId}?step_inputs=false`);

  await run.row("classify").click();
  const detail = page.getByTestId("step-detail");
  await expect(detail.getByTestId("step-input")).toContainText("paper jam");
  expect(fetched.filter((p) => p.startsWith(`/api/runs/${runId}/steps/`))).toHaveLength(1);

  await page.getByTestId("run-tab-checkpoints").click();
  const items = page.getByTestId("checkpoint-item");
  await expect(items.first()).toContainText("run_start");
  await expect(items.last()).toContainText("gate:review");
  // The latest is shown first: everything before the gate completed.
  await expect(page.getByTestId("checkpoints")).toContainText("Completed so far: intake");
  await expect(page.getByTestId("checkpoint-shown")).toHaveText(/^State at #\d+ gate:review$/);
  await expect(page.getByTestId("checkpoint-state")).toContainText("category");
  await items.first().click();
  await expect(page.getByTestId("checkpoints")).toContainText("Completed so far: none");
  await expect(page.getByTestId("checkpoint-state")).not.toContainText("category");
  await expect(page.getByTestId("checkpoint-state")).toContainText("paper jam");
});

test("a long run's checkpoints open on the latest, in view, with its completed nodes shortened", async ({ page, request }) => {
  const count = 80;
  const nodes = Array.from({ length: count }, (_, i) => ({ id: `n${i}`, type: "tool" as const, position: { x: i * 240, y: 0 }, config: { tool: "set", params: { [`v${i}`]: i } } }));
  const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: `n${i}`, target: n.id }));
  const { id } = await new Api(request).createWorkflow("Long chain", { nodes, edges });
  const runId = await new RunApi(request).trigger(id, {});
  const run = new RunTimelinePage(page);
  await run.goto(runId);
  await expect(run.status).toHaveText("completed");

  await page.getByTestId("run-tab-checkpoints").click();
  const latest = page.getByTestId("checkpoint-item").last();
  await expect(latest).toHaveAttribute("aria-current", "true");
  await expect(latest).toBeInViewport();
  await expect(page.getByTestId("checkpoint-item").first()).not.toBeInViewport();
  await expect(page.getByTestId("checkpoint-shown")).toHaveText(`State at #${count + 1} node:n${count - 1}`);
  const completed = page.getByTestId("checkpoint-completed");
  await expect(completed).toContainText(`Completed so far (${count}): … n50, n51`);
  await expect(completed).not.toContainText("n49,");
  await completed.getByRole("button", { name: "show all" }).click();
  await expect(completed).toContainText("n0, n1, n2");
  await expect(completed.getByRole("button")).toHaveCount(0);
});

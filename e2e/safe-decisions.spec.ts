import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { fanOutGateGraph, RunApi } from "./pages/run-fixtures";
import { RunTimelinePage } from "./pages/run-timeline-page";

/** Decisions that end or move a run are made only on purpose: by their button, after saying what they do. */
test("Enter in a gate field approves nothing, a required select starts empty, Reject asks first", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Safe gate", fanOutGateGraph(50));
  const runs = new RunApi(request);
  const runId = await runs.trigger(id, { ticket: "toner" });
  const run = new RunTimelinePage(page);
  await run.goto(runId);
  await expect(run.status).toHaveText("paused");
  const decisions: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/runs\/[^/]+\/(approve|reject)$/.test(new URL(r.url()).pathname)) decisions.push(r.url());
  });

  const priority = run.gatePanel.getByTestId("gate-field-priority");
  await expect(priority).toHaveValue("");
  await expect(priority.locator("option:checked")).toHaveText("Choose…");
  await run.gatePanel.getByTestId("gate-field-note").fill("ship it");
  await run.gatePanel.getByTestId("gate-field-note").press("Enter");
  await run.gatePanel.getByTestId("gate-comment").fill("looks fine");
  await run.gatePanel.getByTestId("gate-comment").press("Enter");
  await page.waitForTimeout(300);
  expect(decisions).toEqual([]);
  expect((await runs.run(runId)).status).toBe("paused");

  // Approve without the required choice is refused in the form.
  await run.gatePanel.getByTestId("gate-approve").click();
  await expect(run.gatePanel.getByText("Required")).toBeVisible();
  expect(decisions).toEqual([]);

  // Reject says what it does; dismissing it leaves the run waiting, focus back on Reject.
  await run.gatePanel.getByTestId("gate-reject").click();
  const dialog = page.getByTestId("reject-dialog");
  await expect(dialog).toContainText("The run fails at review and cannot be resumed");
  await page.getByTestId("reject-dialog-dismiss").click();
  await expect(dialog).toHaveCount(0);
  expect(decisions).toEqual([]);
  expect((await runs.run(runId)).status).toBe("paused");

  await priority.selectOption("high");
  await run.gatePanel.getByTestId("gate-approve").click();
  await expect(run.status).toHaveText("completed");
  expect(decisions).toHaveLength(1);
});

test("Cancel asks first, naming the run; keeping it running changes nothing", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Safe cancel", fanOutGateGraph(50));
  const runs = new RunApi(request);
  const runId = await runs.trigger(id, { ticket: "toner" });
  const run = new RunTimelinePage(page);
  await run.goto(runId);
  await expect(run.status).toHaveText("paused");

  await page.getByTestId("run-cancel").click();
  const dialog = page.getByTestId("cancel-dialog");
  await expect(dialog).toContainText(`Run ${runId} of Safe cancel stops now`);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect((await runs.run(runId)).status).toBe("paused");

  await page.getByTestId("run-cancel").click();
  await page.getByTestId("cancel-dialog-confirm").click();
  await expect(run.status).toHaveText("failed");
  await expect(run.error).toContainText("cancel");
  expect((await runs.run(runId)).status).toBe("failed");
});

import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { fanOutGateGraph, RunApi } from "./pages/run-fixtures";

test("each page names its browser tab; a run's tab follows its status, the editor's its name and unsaved changes", async ({ page }) => {
  for (const [path, title] of [
    ["/", "Workflows · Switchyard"],
    ["/runs", "Runs · Switchyard"],
    ["/spend", "Spend · Switchyard"],
    ["/audit", "Audit log · Switchyard"],
    ["/settings", "Settings · Switchyard"],
  ]) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }

  const { id } = await new Api(page.request).createWorkflow("Tab titles", fanOutGateGraph(20));
  const runs = new RunApi(page.request);
  const runId = await runs.trigger(id, { ticket: "T-9" });
  await expect.poll(async () => (await runs.run(runId)).status).toBe("paused");

  await page.goto("/approvals");
  await expect(page).toHaveTitle(/^\(\d+\) Approvals · Switchyard$/);

  await page.goto(`/runs/${runId}`);
  await expect(page).toHaveTitle("Paused · Tab titles · Switchyard");
  const gate = page.getByTestId("gate-panel");
  await gate.getByTestId("gate-field-note").fill("fine");
  await gate.getByTestId("gate-field-priority").selectOption("low");
  await gate.getByTestId("gate-approve").click();
  await expect(page).toHaveTitle("Completed · Tab titles · Switchyard");

  await page.goto(`/workflows/${id}`);
  await expect(page).toHaveTitle("Tab titles · Switchyard");
  await page.getByTestId("workflow-name").fill("Renamed");
  await expect(page).toHaveTitle("● Renamed · Switchyard");
  await page.getByTestId("save").click();
  await expect(page).toHaveTitle("Renamed · Switchyard");

  await page.goto(`/workflows/${id}/runs`);
  await expect(page).toHaveTitle("Runs of Renamed · Switchyard");
});

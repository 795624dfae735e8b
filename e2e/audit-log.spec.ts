import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { fanOutGateGraph, RunApi } from "./pages/run-fixtures";

test("the audit page lists the actions taken, filters them and shows the chain verified", async ({ page, request }) => {
  const api = new Api(request);
  const wf = await api.createWorkflow("Audited", fanOutGateGraph(50));
  const runId = await new RunApi(request).trigger(wf.id, { ticket: "audit" });
  await expect.poll(async () => (await request.get(`/api/runs/${runId}`).then((r) => r.json())).status).toBe("paused");
  const approve = await request.post(`/api/runs/${runId}/approve`, { data: { node_id: "review", input: { note: "ok", priority: "low" } } });
  expect(approve.status()).toBe(202);

  await page.goto("/audit");
  await expect(page.getByTestId("audit-chain")).toHaveAttribute("data-ok", "true");
  await expect(page.getByTestId("audit-chain")).toContainText("Chain verified");
  await page.getByRole("button", { name: "Full check" }).click();
  await expect(page.getByTestId("audit-full-check")).toHaveText("every entry checked just now");
  await expect(page.getByTestId("audit-chain")).toHaveAttribute("data-ok", "true");
  const rows = page.getByTestId("audit-row");
  for (const action of ["workflow.create", "run.trigger", "gate.approve"]) await expect(rows.and(page.locator(`[data-action="${action}"]`)).first()).toBeVisible();
  // Targets by name (the id on hover), details in words.
  const created = rows.and(page.locator('[data-action="workflow.create"]')).filter({ hasText: "Audited" }).first();
  await expect(created.getByTestId("audit-target")).toHaveText("workflow Audited");
  await expect(created.getByTestId("audit-target")).toHaveAttribute("title", `workflow ${wf.id}`);
  await expect(created.getByTestId("audit-details")).toContainText("name Audited · version 1");
  await expect(rows.and(page.locator('[data-action="gate.approve"]')).first().getByTestId("audit-target")).toContainText("Audited · run #");

  await page.getByTestId("audit-filter-action").selectOption("gate.approve");
  await expect(rows.first()).toHaveAttribute("data-action", "gate.approve");
  await expect(rows.and(page.locator(':not([data-action="gate.approve"])'))).toHaveCount(0);

  await page.getByTestId("audit-filter-action").selectOption("");
  await page.getByTestId("audit-filter-target-type").selectOption("run");
  await page.getByTestId("audit-filter-target-id").fill(runId);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute("data-action", "gate.approve");
});

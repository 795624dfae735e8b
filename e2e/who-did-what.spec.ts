import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./pages/accounts";
import { Api } from "./pages/api";

const graph = { nodes: [{ id: "set", type: "tool" as const, position: { x: 0, y: 0 }, config: { tool: "set", params: { ok: true } } }], edges: [] };

test("runs and audit rows name who acted: the run page, the runs list's Triggered by column and filter, the audit log's actor filter", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Who ran it", graph);
  const keyName = `e2e trigger key ${Date.now()}`;
  const made = await request.post("/api/api-keys", { data: { name: keyName, role: "editor" } });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  const byAda = (await (await request.post(`/api/workflows/${id}/runs?wait=10000`, { data: { input: {} } })).json()) as { id: string };
  const byKey = (await (await request.post(`/api/workflows/${id}/runs?wait=10000`, { data: { input: {} }, headers: { authorization: `Bearer ${key}` } })).json()) as { id: string };

  await page.goto(`/runs/${byKey.id}`);
  await expect(page.getByTestId("run-triggered-by")).toContainText(keyName);
  await expect(page.getByTestId("run-triggered-by")).toContainText("API key");

  await page.goto("/runs");
  const rows = page.getByTestId("run-list-row");
  await expect(rows.filter({ hasText: byAda.id }).getByTestId("run-triggered-by")).toContainText(E2E_ADMIN.name);
  // A click on the key lists only its runs, and the filter shows it.
  await rows.filter({ hasText: byKey.id }).getByTitle(`Show only the runs ${keyName} triggered`).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(byKey.id);
  await expect(page.getByTestId("runs-filter-triggered-by").locator("option:checked")).toHaveText(keyName);
  await page.getByTestId("runs-filter-triggered-by").selectOption({ label: `${E2E_ADMIN.name} (you)` });
  await expect(rows.filter({ hasText: byAda.id })).toHaveCount(1);
  await expect(rows.filter({ hasText: byKey.id })).toHaveCount(0);
  await expect(rows.getByTestId("run-triggered-by").filter({ hasNotText: E2E_ADMIN.name })).toHaveCount(0);

  await page.goto("/audit");
  const audit = page.getByTestId("audit-row");
  await expect(audit.first()).toBeVisible();
  await audit.getByTitle(`Show only what ${keyName} did`).first().click();
  await expect(audit).toHaveCount(1);
  await expect(audit.first()).toHaveAttribute("data-action", "run.trigger");
  await expect(audit.first().getByTestId("audit-actor")).toContainText("API key");
});

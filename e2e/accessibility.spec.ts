import { expect, test, type Page } from "@playwright/test";
import { Api } from "./pages/api";
import { expectAccessible } from "./pages/axe";
import { fanOutGateGraph, RunApi } from "./pages/run-fixtures";

/**
 * Every page and dialog, in light and in dark: no critical or serious axe violation
 * (WCAG 2.1 A and AA). A new page or dialog belongs in this list.
 */
for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    // Each test walks many pages or dialogs with a full axe scan of each: minutes on a busy two-core machine.
    test.describe.configure({ timeout: 180_000 });

    test("every page passes axe", async ({ page, request }) => {
      const api = new Api(request);
      const wf = await api.createWorkflow(`Accessible ${colorScheme}`, fanOutGateGraph(50));
      const runId = await new RunApi(request).trigger(wf.id, { ticket: "printer on fire" });
      await api.saveGraph(wf.id, fanOutGateGraph(60), wf.version);

      const pages: [string, string, string][] = [
        ["workflows", "/", "workflow-row"],
        ["editor", `/workflows/${wf.id}`, "canvas"],
        ["versions", `/workflows/${wf.id}/versions`, "version-list"],
        ["workflow runs", `/workflows/${wf.id}/runs`, "runs-table"],
        ["runs", "/runs", "runs-table"],
        ["run", `/runs/${runId}`, "gate-panel"],
        ["approvals", "/approvals", "approval-item"],
        ["audit", "/audit", "audit-filter-action"],
        ["spend", "/spend", "spend-by-workflow"],
        ["settings", "/settings", "secrets-panel"],
      ];
      for (const [name, path, ready] of pages) {
        await page.goto(path);
        await expect(page.getByTestId(ready).first()).toBeVisible();
        await settle(page);
        await expectAccessible(page, `${name} (${path}, ${colorScheme})`);
      }
    });

    test("the sign-in page passes axe", async ({ browser }) => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, colorScheme });
      const page = await context.newPage();
      await page.goto("/sign-in");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expectAccessible(page, `sign-in (${colorScheme})`);
      await context.close();
    });

    test("every dialog passes axe", async ({ page, request }) => {
      const api = new Api(request);
      const wf = await api.createWorkflow(`Dialogs ${colorScheme}`, fanOutGateGraph(50));
      await api.saveGraph(wf.id, fanOutGateGraph(60), wf.version);

      await page.goto("/");
      await page.getByTestId("new-workflow").click();
      await expectDialogAccessible(page, "new workflow");
      await page.keyboard.press("Escape");
      const row = page.getByTestId("workflow-row").filter({ hasText: `Dialogs ${colorScheme}` });
      await row.getByTestId("workflow-rename").click();
      await expectDialogAccessible(page, "rename workflow");
      await page.keyboard.press("Escape");
      await row.getByTestId("workflow-delete").click();
      await expectDialogAccessible(page, "delete workflow");
      await page.keyboard.press("Escape");

      await page.goto(`/workflows/${wf.id}`);
      await page.getByTestId("run").click();
      await expectDialogAccessible(page, "run workflow");
      await page.keyboard.press("Escape");

      const runId = await new RunApi(request).trigger(wf.id, { ticket: "toner" });
      await page.goto(`/runs/${runId}`);
      await expect(page.getByTestId("gate-panel")).toBeVisible();
      await page.getByTestId("run-cancel").click();
      await expectDialogAccessible(page, "cancel run");
      await page.keyboard.press("Escape");
      await page.getByTestId("gate-reject").click();
      await expectDialogAccessible(page, "reject gate");
      await page.keyboard.press("Escape");

      await page.goto(`/workflows/${wf.id}/versions`);
      await page.getByTestId("version-list").getByText("v1", { exact: true }).click();
      await page.getByTestId("version-restore").click();
      await expectDialogAccessible(page, "restore version");
    });
  });
}

async function expectDialogAccessible(page: Page, what: string) {
  await expect(page.getByRole("dialog")).toBeVisible();
  await settle(page);
  await expectAccessible(page, `${what} dialog`);
}

/** Past fades and first live updates, which would make a contrast reading depend on timing. */
async function settle(page: Page) {
  await page.waitForTimeout(300);
}

import { expect, request as requests, test } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "./pages/axe";
import { ApiKeysPanel } from "./pages/settings-accounts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("an API key is made in Settings, shown once with a copy button, works against /api/me, and answers 401 once revoked", async ({ page }) => {
  const name = `e2e key ${Date.now()}`;
  const keys = new ApiKeysPanel(page);
  await page.goto("/settings");
  await expect(keys.panel).toBeVisible();

  const open = page.getByTestId("new-api-key");
  await open.click();
  const create = page.getByTestId("create-key-dialog");
  await expect(create.getByLabel("Name")).toBeFocused();
  // An admin may give any role.
  await expect(create.getByTestId("key-role").locator("option")).toHaveText([/^viewer/, /^editor/, /^approver/, /^admin/]);
  await expectNoSeriousA11yIssues(page, '[data-testid="create-key-dialog"]');
  await create.getByLabel("Name").fill(name);
  await create.getByTestId("key-role").selectOption("viewer");
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("en-CA");
  await create.getByTestId("key-expires").fill(tomorrow);
  await create.getByTestId("create-key-submit").click();

  const shown = page.getByTestId("new-key-dialog");
  await expect(shown).toContainText("shown only this once");
  const secret = await shown.getByTestId("new-key-value").inputValue();
  expect(secret).toMatch(/^sy_[A-Za-z0-9_-]{43}$/);
  await expectNoSeriousA11yIssues(page, '[data-testid="new-key-dialog"]');
  await shown.getByTestId("new-key-copy").click();
  await expect(shown).toContainText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByTestId("new-key-done").click();
  await expect(shown).toBeHidden();
  await expect(open).toBeFocused();

  const row = keys.row(name);
  await expect(row).toHaveAttribute("data-state", "active");
  await expect(row).toContainText(secret.slice(0, 8));
  await expect(row).toContainText("Ada Admin");
  // Once: not in the list, nor after a reload.
  await expect(page.locator("body")).not.toContainText(secret);
  await page.reload();
  await expect(keys.row(name)).toBeVisible();
  await expect(page.locator("body")).not.toContainText(secret);

  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const script = await requests.newContext({ baseURL, storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  const me = await script.get("/api/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ type: "api_key", name, role: "viewer" });

  await keys.row(name).getByTestId("api-key-revoke").click();
  const revoke = page.getByTestId("revoke-key-dialog");
  await expect(revoke).toContainText(name);
  await expectNoSeriousA11yIssues(page, '[data-testid="revoke-key-dialog"]');
  await revoke.getByTestId("revoke-key-dialog-confirm").click();
  await expect(revoke).toBeHidden();
  await expect(keys.row(name)).toHaveAttribute("data-state", "revoked");
  await expect(keys.row(name).getByTestId("api-key-revoke")).toHaveCount(0);
  expect((await script.get("/api/me")).status()).toBe(401);
  await script.dispose();
});

import { expect, test } from "@playwright/test";
import { SettingsPage } from "./pages/settings-page";

test("secrets are added, updated and deleted on the settings page; the value never comes back", async ({ page, request }) => {
  const settings = new SettingsPage(page);
  const name = `E2E_TOKEN_${Date.now() % 100000}`;
  const value = "sk-e2e-value-that-must-never-be-shown";
  await settings.open();
  // The e2e server runs with the default: no retention.
  await expect(page.getByTestId("retention-panel")).toContainText("Every run is kept");
  await settings.add(name, value);
  await expect(page.getByText(value)).toHaveCount(0);

  const listed = await (await request.get("/api/secrets")).text();
  expect(listed).toContain(name);
  expect(listed).not.toContain(value);

  await settings.update(name, `${value}-2`);
  await page.reload();
  await expect(settings.secret(name)).toBeVisible();
  await expect(page.locator("body")).not.toContainText(value);

  await settings.remove(name);
  expect(await (await request.get("/api/secrets")).text()).not.toContain(name);

  const audit = (await (await request.get("/api/audit?target_type=secret&target_id=" + name)).json()) as { items: { action: string; details: unknown }[] };
  expect(audit.items.map((e) => e.action)).toEqual(["secret.delete", "secret.update", "secret.create"]);
  expect(JSON.stringify(audit.items)).not.toContain(value);
});

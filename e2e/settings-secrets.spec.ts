import { expect, test } from "@playwright/test";
import { SettingsPage } from "./pages/settings-page";

test("secrets are added, updated and deleted on the settings page; the value never comes back", async ({ page, request }) => {
  const settings = new SettingsPage(page);
  const name = `E2E_TOKEN_${Date.now() % 100000}`;
  const value = "sk-e2e-value-that-must-never-be-shown";
  // A deleted workflow stays in the database but is not counted as one.
  const doomed = (await (await request.post("/api/workflows", { data: { name: "Deleted before settings", graph: { nodes: [], edges: [] } } })).json()) as { id: string };
  expect((await request.delete(`/api/workflows/${doomed.id}`)).status()).toBe(204);
  await settings.open();
  // The e2e server runs with the default: no retention.
  await expect(page.getByTestId("retention-panel")).toContainText("Every run is kept");
  // Where the data lives, what it holds, and how to back it up.
  // SQLite: the file and `npm run backup`; PostgreSQL (playwright.config.ts): the server and database, and pg_dump.
  const postgres = process.env.SWITCHYARD_TEST_BACKEND === "postgres";
  const database = page.getByTestId("database-panel");
  await expect(page.getByTestId("database-file")).toHaveText(postgres ? /^[^@/]+:\d+\/switchyard_e2e_[0-9a-f]+$/ : /e2e\.db$/);
  const workflows = ((await (await request.get("/api/workflows?limit=500")).json()) as { items: unknown[] }).items.length;
  await expect(database.getByText("Workflows").locator("xpath=following-sibling::dd[1]")).toHaveText(workflows.toLocaleString("en-US"));
  await expect(database).toContainText(postgres ? "pg_dump" : "npm run backup");
  await expect(database.getByText("Write-ahead log")).toHaveCount(postgres ? 0 : 1);
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

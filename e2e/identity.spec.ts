import { expect, test, type Browser } from "@playwright/test";
import { startServer, type TestServer } from "../tests/integration/support/server";
import { EditorPage } from "./pages/editor-page";
import { HomePage } from "./pages/home-page";
import { RunTimelinePage } from "./pages/run-timeline-page";
import { signInInNewContext, UsersPanel } from "./pages/settings-accounts";

// A server of this test's own, with no account yet: the first-run path is the one under test.
let server: TestServer;
test.beforeAll(async () => {
  server = await startServer({ env: { SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1" } });
});
test.afterAll(async () => {
  await server?.stop();
});
test.use({ storageState: { cookies: [], origins: [] } });

const OWNER = { name: "Olga Owner", email: "olga@example.com", password: "olga-owner-password" };
const REVIEWER = { name: "Rui Reviewer", email: "rui@example.com", password: "rui-reviewer-password" };

async function auditActors(browser: Browser, action: string): Promise<string[]> {
  // What the audit page shows, read as the owner would read it.
  const { context, page } = await signInInNewContext(browser, OWNER, server.baseUrl);
  await page.goto("/audit");
  const rows = page.locator(`[data-testid="audit-row"][data-action="${action}"]`);
  await expect(rows.first()).toBeVisible();
  // Each actor cell: the name, then the kind of actor.
  const names = await rows.getByTestId("audit-actor").evaluateAll((cells) => cells.map((c) => Array.from(c.querySelectorAll("span span"), (s) => s.textContent).join(" · ")));
  await context.close();
  return names;
}

test("first run to an approved run: owner setup, a workflow built and run, a reviewer added who approves from their own browser, the audit trail naming both, sign-out", async ({ page, browser }) => {
  // Every page leads to "Create the owner account" while there is no account.
  await page.goto(`${server.baseUrl}/runs`);
  await expect(page).toHaveURL(/\/setup/);
  await expect(page.getByRole("heading", { name: "Create the owner account" })).toBeVisible();
  await page.getByTestId("setup-name").fill(OWNER.name);
  await page.getByTestId("setup-email").fill(OWNER.email);
  await page.getByTestId("setup-password").fill(OWNER.password);
  await page.getByTestId("setup-repeat").fill(OWNER.password);
  await page.getByTestId("setup-submit").click();
  await expect(page.getByTestId("signed-in-name")).toHaveText(OWNER.name);
  await expect(page.getByTestId("signed-in-role")).toHaveText("admin");

  // Setup is closed from now on, in the page and in the API.
  await page.goto(`${server.baseUrl}/setup`);
  await expect(page).toHaveURL(`${server.baseUrl}/`);
  const again = await page.request.post(`${server.baseUrl}/api/setup`, { data: { name: "Mallory", email: "mallory@example.com", password: "mallory-password" } });
  expect(again.status()).toBe(409);

  // Build a workflow with one approval gate, save it and run it.
  const home = new HomePage(page);
  await home.create("Release review");
  const editor = new EditorPage(page);
  await expect(editor.canvas).toBeVisible();
  await page.getByTestId("palette-human_gate").focus();
  await page.keyboard.press("Enter");
  await expect(editor.nodes).toHaveCount(1);
  await page.getByTestId("run").click();
  await page.getByTestId("run-start").click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  const runId = new URL(page.url()).pathname.split("/").pop()!;
  const run = new RunTimelinePage(page);
  await expect(run.status).toHaveText("paused");
  // Who triggered it may not approve it (self-approval is off by default).
  await expect(run.gatePanel.getByTestId("gate-approve")).toHaveCount(0);

  // The admin adds a reviewer with the approver role.
  await page.goto(`${server.baseUrl}/settings`);
  const users = new UsersPanel(page);
  await users.addButton.click();
  await users.dialog.getByLabel("Email").fill(REVIEWER.email);
  await users.dialog.getByLabel("Name").fill(REVIEWER.name);
  await users.dialog.getByLabel("Role").selectOption("approver");
  await users.dialog.getByLabel("Password").fill(REVIEWER.password);
  await users.dialog.getByLabel("Password").press("Enter");
  await expect(users.row(REVIEWER.email).getByTestId("user-row-role")).toHaveValue("approver");

  // The reviewer, in a browser of their own, finds the gate in the inbox and approves it.
  const reviewer = await signInInNewContext(browser, REVIEWER, server.baseUrl);
  await reviewer.page.goto("/approvals");
  await expect(reviewer.page.getByTestId("approvals-count")).toHaveText("1");
  const form = reviewer.page.locator(`[data-testid="approval-item"][data-run-id="${runId}"]`);
  await form.getByTestId("approval-review").click();
  await form.getByTestId("gate-comment").fill("Looks right");
  await form.getByTestId("gate-approve").click();
  await expect(reviewer.page.getByTestId("approvals-empty")).toBeVisible();
  // A reviewer sees no admin panels and cannot add people.
  await reviewer.page.goto("/settings");
  await expect(reviewer.page.getByTestId("account-role")).toHaveText("approver");
  await expect(reviewer.page.getByTestId("users-panel")).toHaveCount(0);
  expect((await reviewer.page.request.post("/api/users", { data: { ...REVIEWER, email: "x@example.com", role: "admin" } })).status()).toBe(403);
  await reviewer.context.close();

  // The run went on with the reviewer's approval.
  await page.goto(`${server.baseUrl}/runs/${runId}`);
  await expect(run.status).toHaveText("completed");

  // The audit trail names who ran and who approved.
  expect(await auditActors(browser, "run.trigger")).toEqual([`${OWNER.name} · person`]);
  expect(await auditActors(browser, "gate.approve")).toEqual([`${REVIEWER.name} · person`]);
  expect(await auditActors(browser, "user.create")).toEqual([`${OWNER.name} · person`]);

  // Signing out ends the session: the pages and the API need signing in again.
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(`${server.baseUrl}/runs/${runId}`);
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await page.request.get(`${server.baseUrl}/api/runs/${runId}`)).status()).toBe(401);
});

import { createHmac } from "node:crypto";
import { expect, request as requests, test, type Browser } from "@playwright/test";
import { Api } from "./pages/api";
import { addUser } from "./pages/accounts";
import { expectAccessible } from "./pages/axe";
import { signedInAs } from "./pages/run-fixtures";
import { WebhookDialog } from "./pages/webhook-dialog";

const GRAPH = {
  nodes: [{ id: "greet", type: "agent" as const, position: { x: 0, y: 0 }, config: { model: "mock", user_message: "Ticket {ticket}" } }],
  edges: [],
};

/** A browser page signed in as a new person with `role` (the specs' own page is the owner's). */
async function pageAs(browser: Browser, request: Parameters<typeof addUser>[0], role: string) {
  const person = { name: `Hook ${role}`, email: `hook.${role}.${Date.now()}@example.com`, role, password: `e2e-${role}-password` };
  await addUser(request, person);
  const api = await signedInAs(person);
  const context = await browser.newContext({ storageState: await api.storageState() });
  await api.dispose();
  return context.newPage();
}

test("an editor makes a workflow's webhook, sees its secret once, and a signed call starts a run", async ({ browser, request }) => {
  const { id } = await new Api(request).createWorkflow("Webhook target", GRAPH);
  const page = await pageAs(browser, request, "editor");
  await page.goto(`/workflows/${id}`);
  const dialog = new WebhookDialog(page);
  await dialog.open();
  await expect(dialog.root.getByTestId("webhook-none")).toBeVisible();
  const { url, secret } = await dialog.create();
  expect(url).toMatch(new RegExp(`/api/hooks/hk_[A-Za-z0-9_-]+$`));
  await expect(dialog.root.getByTestId("webhook-example")).toContainText(`curl -X POST '${url}?wait=30000'`);
  await expect(dialog.root.getByTestId("webhook-copy-secret")).toHaveAccessibleName("Copy secret");
  await expectAccessible(page, "webhook dialog");

  // Shown once: closing and opening again shows the hook without its secret.
  await dialog.close();
  await dialog.open();
  await expect(dialog.url).toHaveText(url);
  await expect(dialog.secret).toHaveCount(0);
  await expect(dialog.root.getByTestId("webhook-secret-hidden")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog.root).toBeHidden();
  await expect(page.getByTestId("webhook")).toBeFocused();

  const body = JSON.stringify({ ticket: "W-1" });
  const ts = Math.floor(Date.now() / 1000);
  const signature = `sha256=${createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex")}`;
  // From outside: no cookies, no account.
  const outsider = await requests.newContext({ storageState: { cookies: [], origins: [] } });
  const res = await outsider.post(`${url}?wait=10000`, { data: body, headers: { "content-type": "application/json", "x-switchyard-timestamp": String(ts), "x-switchyard-signature": signature } });
  expect(res.status(), await res.text()).toBe(201);
  const run = (await res.json()) as { id: string; status: string; triggered_by: { type: string } };
  expect([run.status, run.triggered_by.type]).toEqual(["completed", "webhook"]);
  await outsider.dispose();

  await page.goto(`/workflows/${id}/runs`);
  await expect(page.getByTestId("run-list-row").filter({ hasText: run.id })).toHaveAttribute("data-status", "completed");
  await page.goto(`/workflows/${id}`);
  await dialog.open();
  await expect(dialog.root.getByTestId("webhook-last-call")).not.toContainText("never");
  await page.context().close();
});

test("a viewer is offered no webhook to change", async ({ browser, request }) => {
  const { id } = await new Api(request).createWorkflow("Webhook viewer", GRAPH);
  const page = await pageAs(browser, request, "viewer");
  await page.goto(`/workflows/${id}`);
  await expect(page.getByTestId("editor-toolbar")).toBeVisible();
  await expect(page.getByTestId("webhook")).toHaveCount(0);
  await page.context().close();
});

import { expect, test } from "@playwright/test";
import { addUser, E2E_ADMIN } from "./pages/accounts";
import { Api } from "./pages/api";
import { expectNoSeriousA11yIssues } from "./pages/axe";
import { EditorPage } from "./pages/editor-page";
import { signInInNewContext, UsersPanel } from "./pages/settings-accounts";

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test("an admin adds a person with the keyboard alone, changes their role, disables, enables and deletes them; the last admin cannot be disabled or demoted", async ({ page, request }) => {
  const admins = ((await (await request.get("/api/users")).json()) as { items: { role: string; disabled: boolean }[] }).items.filter((u) => u.role === "admin" && !u.disabled);
  // The refusals below hold only for the one admin there is; anything else would really demote the suite's owner.
  expect(admins).toHaveLength(1);
  const person = { email: `pat.${stamp()}@example.com`, name: "Pat Person", password: "pat-first-password" };
  const users = new UsersPanel(page);
  await page.goto("/settings");
  await expect(users.row(E2E_ADMIN.email)).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Keyboard only: open, fill, pick the role, submit with Enter.
  await users.addButton.focus();
  await page.keyboard.press("Enter");
  await expect(users.dialog).toBeVisible();
  await expect(users.dialog.getByLabel("Email")).toBeFocused();
  await expectNoSeriousA11yIssues(page, '[data-testid="add-user-dialog"]');
  await page.keyboard.type(person.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(person.name);
  await page.keyboard.press("Tab");
  await expect(users.dialog.getByLabel("Role")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(users.dialog.getByLabel("Role")).toHaveValue("editor");
  await page.keyboard.press("Tab");
  await page.keyboard.type("short");
  await page.keyboard.press("Enter");
  await expect(users.dialog.getByRole("alert")).toHaveText("A password has at least 10 characters.");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(person.password);
  await page.keyboard.press("Enter");
  await expect(users.dialog).toBeHidden();
  // Focus is back on the button that opened the dialog.
  await expect(users.addButton).toBeFocused();
  const row = users.row(person.email);
  await expect(row.getByTestId("user-row-role")).toHaveValue("editor");

  const stored = async () => ((await (await request.get("/api/users")).json()) as { items: { email: string; role: string; disabled: boolean }[] }).items.find((u) => u.email === person.email);
  await row.getByTestId("user-row-role").selectOption("approver");
  await expect.poll(async () => (await stored())?.role).toBe("approver");

  await row.getByTestId("user-row-toggle").click();
  await expect(row).toHaveAttribute("data-disabled", "true");
  await expect(row.getByTestId("user-row-status")).toHaveText("disabled");
  expect((await stored())?.disabled).toBe(true);
  await row.getByTestId("user-row-toggle").click();
  await expect(row).toHaveAttribute("data-disabled", "false");

  // The last admin: the page offers nothing that would leave no admin, and the server refuses it anyway.
  const owner = users.row(E2E_ADMIN.email);
  await expect(owner.getByTestId("user-row-last-admin")).toHaveText("The only admin: add another to change this one.");
  await expect(owner.getByTestId("user-row-toggle")).toHaveCount(0);
  await expect(owner.getByTestId("user-row-delete")).toHaveCount(0);
  await expect(owner.getByTestId("user-row-role")).toBeDisabled();
  const ownerId = ((await (await page.request.get("/api/me")).json()) as { id: string }).id;
  const refused = await page.request.patch(`/api/users/${ownerId}`, { data: { disabled: true } });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("last active admin");
  await expect(owner.getByTestId("user-row-role")).toHaveValue("admin");
  await expect(owner).toHaveAttribute("data-disabled", "false");

  await row.getByTestId("user-row-delete").click();
  const confirm = page.getByTestId("delete-user-dialog");
  await expect(confirm).toContainText(person.email);
  await expectNoSeriousA11yIssues(page, '[data-testid="delete-user-dialog"]');
  await confirm.getByTestId("delete-user-dialog-confirm").click();
  await expect(row).toHaveCount(0);
  expect(await stored()).toBeUndefined();
});

test("a viewer signed in elsewhere sees no server settings, no New workflow, and a read-only editor without Save or Run", async ({ browser, request }) => {
  const viewer = { email: `vic.${stamp()}@example.com`, name: "Vic Viewer", role: "viewer", password: "vic-viewer-password" };
  await addUser(request, viewer);
  const { id } = await new Api(request).createWorkflow("Viewed, not edited", {
    nodes: [{ id: "a", type: "agent", position: { x: 0, y: 0 }, config: { label: "Answer", model: "mock", user_message: "Hi" } }],
    edges: [],
  });
  const { context, page } = await signInInNewContext(browser, viewer);

  await page.goto("/settings");
  await expect(page.getByTestId("account-role")).toHaveText("viewer");
  await expect(page.getByTestId("api-keys-panel")).toBeVisible();
  for (const panel of ["users-panel", "secrets-panel", "database-panel", "retention-panel", "access-panel"]) await expect(page.getByTestId(panel)).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  // Their own password: the server's refusal beside the field it concerns, then a change.
  const password = page.getByTestId("password-form");
  await password.getByLabel("Current password").fill("not-the-password");
  await password.getByLabel("New password", { exact: true }).fill("vic-second-password");
  await password.getByLabel("Confirm new password").fill("vic-second-passwrod");
  await password.getByTestId("password-submit").click();
  await expect(password.getByRole("alert")).toHaveText("The two new passwords differ.");
  await password.getByLabel("Confirm new password").fill("vic-second-password");
  await password.getByTestId("password-submit").click();
  // Beside the current password, in the server's words.
  await expect(password.getByRole("alert")).toHaveCount(1);
  await expect(password.getByRole("alert")).toContainText(/password/i);
  await expect(password.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("password-changed")).toHaveCount(0);
  await password.getByLabel("Current password").fill(viewer.password);
  await password.getByTestId("password-submit").click();
  await expect(page.getByTestId("password-changed")).toHaveText("Password changed.");
  // A key's role is at most its maker's.
  await page.getByTestId("new-api-key").click();
  await expect(page.getByTestId("key-role").locator("option")).toHaveText([/^viewer/]);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("new-api-key")).toBeFocused();

  await page.goto("/");
  await expect(page.getByTestId("workflow-table")).toBeVisible();
  await expect(page.getByTestId("new-workflow")).toHaveCount(0);
  await expect(page.getByTestId("import-workflow")).toHaveCount(0);
  await expect(page.getByTestId("workflow-delete")).toHaveCount(0);

  const editor = new EditorPage(page);
  await editor.goto(id);
  await expect(page.getByTestId("read-only-note")).toHaveText("You can view this workflow; editing needs the editor role.");
  await expect(page.getByTestId("save")).toHaveCount(0);
  await expect(page.getByTestId("run")).toHaveCount(0);
  await expect(page.getByTestId("palette")).toHaveCount(0);
  await expect(page.getByTestId("workflow-name")).toHaveAttribute("readonly", "");
  await editor.node("a").click();
  await expect(editor.inspector.getByTestId("node-inspector")).toBeVisible();
  await expect(editor.inspector.getByLabel("Label")).toBeDisabled();
  await expect(editor.inspector.getByTestId("inspector-delete-node")).toBeDisabled();
  await page.keyboard.press("Delete");
  await expect(editor.nodes).toHaveCount(1);
  await context.close();
});

import { expect, test } from "@playwright/test";
import { addUser } from "./pages/accounts";
import { expectNoSeriousA11yIssues } from "./pages/axe";
import { Api } from "./pages/api";
import { EditorPage } from "./pages/editor-page";
import { signInInNewContext } from "./pages/settings-accounts";
import { VersionsPage } from "./pages/versions-page";

const seed = {
  nodes: [
    { id: "ask", type: "agent" as const, position: { x: 0, y: 0 }, config: { label: "Ask", model: "mock", user_message: "Hello" } },
    { id: "check", type: "condition" as const, position: { x: 320, y: 0 }, config: { label: "Check length", expression: "len(ask) > 3" } },
  ],
  edges: [{ id: "e1", source: "ask", target: "check" }],
};

test("a save by someone else shows at once in an open editor, with their note and what they changed; the conflict dialog shows it too; the history names them and marks a move-only save", async ({ page, request, browser }) => {
  const api = new Api(request);
  const { id } = await api.createWorkflow("Shared triage", seed);
  const bo = { name: "Bo Editor", email: `bo-${Date.now()}@example.com`, role: "editor", password: "bo-editor-password" };
  await addUser(request, bo);

  const mine = new EditorPage(page);
  await mine.goto(id);
  const other = await signInInNewContext(browser, bo);
  const theirs = new EditorPage(other.page);
  await theirs.goto(id);

  // Bo adds a node and saves with a note.
  await theirs.drop("merge", 420, 300);
  await other.page.getByTestId("save-note-open").click();
  await other.page.getByTestId("save-note").fill("Join both paths");
  await expectNoSeriousA11yIssues(other.page, '[data-testid="save-note-dialog"]');
  await other.page.getByTestId("save-note").press("Enter"); // a new line, not a save
  await expect(other.page.getByTestId("save-note-dialog")).toBeVisible();
  await other.page.getByTestId("save-with-note").click();
  await theirs.expectSavedAt(2);
  await expect(other.page.getByTestId("their-save-notice")).toHaveCount(0);

  // This editor hears of it without reloading.
  const notice = page.getByTestId("their-save-notice");
  await expect(notice).toContainText("Bo Editor saved v2");
  await expect(notice).toContainText("Join both paths");
  await expect(mine.version).toHaveText("v1");
  await expectNoSeriousA11yIssues(page, '[data-testid="their-save-notice"]');
  await page.getByTestId("view-their-changes").click();
  const changes = page.getByTestId("their-changes-dialog");
  await expect(changes.getByTestId("diff-added")).toContainText("merge_1");
  await expectNoSeriousA11yIssues(page, '[data-testid="their-changes-dialog"]');
  await expect(changes.getByTestId("their-saves")).toContainText("Bo Editor");
  await page.keyboard.press("Escape");
  await expect(changes).toBeHidden();
  await expect(page.getByTestId("view-their-changes")).toBeFocused();

  // Saving anyway meets the conflict, which shows their change by label.
  await mine.select("check");
  await page.getByTestId("field-label").fill("Long enough?");
  await mine.save();
  const conflict = page.getByTestId("conflict-dialog");
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId("their-changes")).toContainText("v1 → v2");
  await expect(conflict.getByTestId("diff-added")).toContainText("merge_1");
  await expect(conflict.getByTestId("their-saves")).toContainText("Join both paths");
  await expectNoSeriousA11yIssues(page, '[data-testid="conflict-dialog"]');
  await page.getByTestId("conflict-reload").click();
  await mine.expectSavedAt(2);
  await expect(notice).toHaveCount(0);

  // Only moving a node is a version marked "Layout only"; the history names who saved what.
  const box = await mine.node("ask").boundingBox();
  if (!box) throw new Error("node ask is not on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 80, { steps: 8 });
  await page.mouse.up();
  await mine.save();
  await mine.expectSavedAt(3);
  await expect(other.page.getByTestId("their-save-notice")).toContainText("Ada Admin saved v3");

  const history = new VersionsPage(page);
  await history.goto(id);
  const v3 = page.locator('[data-testid="version-item"][data-version="3"]');
  await expect(v3.getByTestId("layout-only")).toBeVisible();
  const v2 = page.locator('[data-testid="version-item"][data-version="2"]');
  await expect(v2.getByTestId("version-saver")).toHaveText("Bo Editor");
  await expect(v2.getByTestId("version-note")).toHaveText("Join both paths");
  await expect(v2.getByTestId("layout-only")).toHaveCount(0);
  await expectNoSeriousA11yIssues(page, '[data-testid="version-list"]');
  await other.context.close();
});

import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

test("Run waits while the graph has errors, listed to fix; the Run dialog checks its input, then runs", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Runnable", {
    nodes: [
      { id: "greet", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock", user_message: "Hello {name}" } },
      { id: "store", type: "tool", position: { x: 320, y: 0 }, config: { tool: "teleport", params: {} } },
    ],
    edges: [{ id: "e1", source: "greet", target: "store" }],
  });
  const editor = new EditorPage(page);
  await editor.goto(id);

  await expect(page.getByTestId("run")).toBeDisabled();
  await page.getByTestId("run-blocked").click();
  await expect(page.getByTestId("run-blocked")).toHaveText("Fix 1 error to run");
  const item = page.getByTestId("validation-item");
  await expect(item).toContainText("teleport");
  await item.click();
  // The problem's node is selected and has the keyboard focus.
  await expect(editor.inspector.getByTestId("node-inspector")).toHaveAttribute("data-node-id", "store");
  await expect(page.locator('.react-flow__node[data-id="store"]')).toBeFocused();
  await editor.field("tool-select").selectOption("set");
  await expect(editor.nodeIssues("store")).toHaveCount(0);
  await expect(page.getByTestId("run-blocked")).toHaveCount(0);

  await page.getByTestId("run").click();
  await expect(page.getByTestId("run-start")).toHaveText("Save and run");
  const input = page.getByTestId("run-input");
  await input.fill("[1, 2]");
  await expect(page.getByTestId("run-input-error")).toContainText("JSON object");
  await expect(page.getByTestId("run-start")).toBeDisabled();
  await input.fill('{"name": "Ada"}');
  await page.getByTestId("run-start").click();

  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  const run = new RunPage(page);
  await expect(run.status).toHaveText("completed");
  await expect(run.steps).toHaveCount(2);
  await expect(run.steps.first()).toContainText("greet");

  // The next run starts from this one's input.
  await page.getByTestId("run-workflow-link").click();
  await page.getByTestId("run").click();
  await expect(page.getByTestId("run-input")).toHaveValue('{\n  "name": "Ada"\n}');
  await expect(page.getByTestId("run-input-source")).toContainText("last run");
  await page.getByTestId("run-input").fill('{"name": "Grace"}');
  await expect(page.getByTestId("run-input-source")).toHaveCount(0);
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import type { GraphInput } from "@/engine/graph/schema";
import { Api } from "./pages/api";
import { expectNoSeriousA11yIssues } from "./pages/axe";
import { EditorPage } from "./pages/editor-page";
import { RunApi } from "./pages/run-fixtures";

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

/** Two tool steps: a greeting from the input, then a short delay, so a run is watched while it goes. */
const greeting: GraphInput = {
  nodes: [
    { id: "greet", type: "tool", position: { x: 0, y: 0 }, config: { label: "Greet", tool: "set", params: { greeting: "Hello {name}" } } },
    { id: "wait", type: "tool", position: { x: 320, y: 0 }, config: { label: "Wait", tool: "delay", params: { ms: 400 } } },
  ],
  edges: [{ id: "e1", source: "greet", target: "wait" }],
};

/** Two nodes far apart: zoomed to one, the other is off screen. The far one names a tool that does not exist, a problem to choose. */
const farApart: GraphInput = {
  nodes: [
    { id: "near", type: "tool", position: { x: 0, y: 0 }, config: { label: "Near", tool: "set", params: {} } },
    { id: "far", type: "tool", position: { x: 3000, y: 0 }, config: { label: "Far", tool: "teleport", params: {} } },
  ],
  edges: [{ id: "e1", source: "near", target: "far" }],
};

async function openEditor(page: Page, name: string, graph: GraphInput) {
  const { id } = await new Api(page.request).createWorkflow(name, graph);
  const editor = new EditorPage(page);
  await editor.goto(id);
  return { id, editor };
}

test("? opens the sheet of every shortcut, from the same list the keys use; Escape gives focus back", async ({ page }) => {
  const { editor } = await openEditor(page, "Shortcut sheet", greeting);
  await editor.select("greet");
  await expect(page.locator('.react-flow__node[data-id="greet"]')).toBeFocused();
  await page.keyboard.press("?");
  const sheet = page.getByTestId("shortcut-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
  const ids = await sheet.getByTestId("shortcut").evaluateAll((els) => els.map((e) => e.getAttribute("data-shortcut-id")));
  expect(ids).toEqual(["save", "undo", "redo", "copy", "paste", "selectAll", "deleteSelection", "zoomToSelection", "togglePalette", "toggleInspector", "showShortcuts"]);
  await expect(sheet.locator('[data-shortcut-id="redo"]')).toContainText("Ctrl+Shift+Z");
  await expect(sheet.locator('[data-shortcut-id="togglePalette"] kbd')).toHaveText("[");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page.locator('.react-flow__node[data-id="greet"]')).toBeFocused();

  // The control beside the zoom buttons opens it too, and gets focus back.
  const button = page.getByRole("button", { name: "Keyboard shortcuts" });
  await button.click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
});

test("palette and inspector fold to rails, giving the canvas their width, and stay folded after a reload", async ({ page }) => {
  const { editor } = await openEditor(page, "Folding", greeting);
  const start = await box(editor.canvas);
  const paletteToggle = page.getByTestId("palette-toggle");
  await expect(paletteToggle).toHaveAttribute("aria-expanded", "true");
  await paletteToggle.click();
  await expect(paletteToggle).toHaveAttribute("aria-expanded", "false");
  await expect(paletteToggle).toBeFocused();
  await expect(page.getByTestId("palette-agent")).toHaveCount(0);
  await expect.poll(async () => (await box(editor.canvas)).width).toBeGreaterThan(start.width + 150);
  const withoutPalette = await box(editor.canvas);

  await editor.focusCanvas();
  await page.keyboard.press("]");
  await expect(page.getByTestId("inspector-toggle")).toHaveAttribute("aria-expanded", "false");
  await expect.poll(async () => (await box(editor.canvas)).width).toBeGreaterThan(withoutPalette.width + 200);
  const folded = await box(editor.canvas);

  await page.reload();
  await expect(editor.canvas).toBeVisible();
  await expect(page.getByTestId("palette-toggle")).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("inspector-toggle")).toHaveAttribute("aria-expanded", "false");
  expect(Math.abs((await box(editor.canvas)).width - folded.width)).toBeLessThan(2);

  // [ and ] open them again.
  await editor.focusCanvas();
  await page.keyboard.press("[");
  await page.keyboard.press("]");
  await expect(page.getByTestId("palette-agent")).toBeVisible();
  await expect(page.getByTestId("inspector-empty")).toBeVisible();
  await expect.poll(async () => Math.round((await box(editor.canvas)).width)).toBe(Math.round(start.width));
});

test("F zooms to the selected node when it is off screen; a node chosen from the problems list comes into view", async ({ page }) => {
  const { editor } = await openEditor(page, "Far apart", farApart);
  const far = editor.node("far");
  const near = editor.node("near");
  await editor.select("far");
  // Drag the view (from empty pane below the edge) so the selected node leaves it.
  const canvas = await box(editor.canvas);
  const from = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height * 0.75 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 500, from.y + 300, { steps: 10 });
  await page.mouse.up();
  await expect(far).not.toBeInViewport();
  await expect(page.getByTestId("node-inspector")).toHaveAttribute("data-node-id", "far");

  await page.keyboard.press("f");
  // Whole, bar sub-pixel rounding of the zoom.
  await expect(far).toBeInViewport({ ratio: 0.99 });
  await expect(near).not.toBeInViewport();

  // The control does the same; with nothing selected it fits the whole graph.
  await editor.focusCanvas();
  await expect(page.getByTestId("inspector-empty")).toBeVisible();
  await page.getByTestId("zoom-to-selection").click();
  await expect(near).toBeInViewport();
  await expect(far).toBeInViewport();

  // A problem on the far node: choosing it from the list selects the node and brings it into view.
  await editor.select("near");
  await page.keyboard.press("f");
  await expect(far).not.toBeInViewport();
  await page.getByTestId("validation-summary").click();
  await page.getByTestId("validation-item").filter({ hasText: "teleport" }).click();
  await expect(page.getByTestId("node-inspector")).toHaveAttribute("data-node-id", "far");
  await expect(far).toBeInViewport();

  // From a connection: Far's edge, then its other end, which is off screen.
  await page.keyboard.press("f");
  await expect(near).not.toBeInViewport();
  await editor.inspector.getByTestId("node-connection-open").click();
  await editor.inspector.getByTestId("edge-go-source").click();
  await expect(page.getByTestId("node-inspector")).toHaveAttribute("data-node-id", "near");
  await expect(near).toBeInViewport();
  await expect(page.locator('.react-flow__node[data-id="near"]')).toBeFocused();
});

test("Last run shows there are no runs yet, then a run started with Stay in the editor on the nodes and in the inspector", async ({ page }) => {
  const { id, editor } = await openEditor(page, "Stay in the editor", greeting);
  const toggle = page.getByTestId("last-run-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.getByTestId("last-run-none")).toBeVisible();
  await toggle.click();
  await expect(page.getByTestId("last-run-none")).toHaveCount(0);

  await page.getByTestId("run").click();
  await page.getByTestId("run-input").fill('{"name": "Ada"}');
  await page.getByTestId("run-stay").check();
  await page.getByTestId("run-start").click();
  await expect(page.getByTestId("run-dialog")).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("node-run-status-greet")).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("node-run-status-wait")).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("node-run-status-wait")).toHaveText("completed");
  await expect(page.getByTestId("last-run-status")).toHaveText("completed");
  await editor.select("greet");
  await expect(editor.inspector.getByTestId("last-run-output-status")).toHaveText("completed");
  await expect(editor.inspector.getByTestId("last-run-output-json")).toContainText("Hello Ada");
  expect(new URL(page.url()).pathname).toBe(`/workflows/${id}`);

  // Remembered: after a reload the switch is on and finds the same run.
  await page.reload();
  await expect(page.getByTestId("node-run-status-greet")).toHaveAttribute("data-status", "completed");
});

test("a run started elsewhere shows live: its gate step paused on the canvas", async ({ page }) => {
  const { id, editor } = await openEditor(page, "Live last run", {
    nodes: [
      { id: "greet", type: "tool", position: { x: 0, y: 0 }, config: { label: "Greet", tool: "set", params: { greeting: "Hi" } } },
      { id: "review", type: "human_gate", position: { x: 320, y: 0 }, config: { label: "Review", prompt: "Go on?" } },
    ],
    edges: [{ id: "e1", source: "greet", target: "review" }],
  });
  await page.getByTestId("last-run-toggle").click();
  await expect(page.getByTestId("last-run-none")).toBeVisible();
  await new RunApi(page.request).trigger(id, {});
  // Turned off and on again it finds the newest run.
  await page.getByTestId("last-run-toggle").click();
  await page.getByTestId("last-run-toggle").click();
  await expect(page.getByTestId("node-run-status-review")).toHaveAttribute("data-status", "paused");
  await expect(page.getByTestId("node-run-status-review")).toHaveText("paused");
  await expect(editor.node("greet")).toBeVisible();
});

test("the editor passes axe with the shortcut sheet open and with Last run on, light and dark", async ({ page }) => {
  const { id, editor } = await openEditor(page, "Accessible ergonomics", greeting);
  await new RunApi(page.request).trigger(id, { name: "Ada" });
  await editor.focusCanvas();
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcut-sheet")).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.keyboard.press("Escape");

  await page.getByTestId("last-run-toggle").click();
  await expect(page.getByTestId("node-run-status-wait")).toHaveAttribute("data-status", "completed");
  await editor.select("greet");
  await expect(editor.inspector.getByTestId("last-run-output-json")).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByTestId("palette-toggle").click();
  await page.getByTestId("inspector-toggle").click();
  await expectNoSeriousA11yIssues(page);
});

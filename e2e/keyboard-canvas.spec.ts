import { expect, test, type Locator, type Page } from "@playwright/test";
import { Api } from "./pages/api";
import { EditorPage } from "./pages/editor-page";

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${target} never got focus`);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("a workflow is built, saved and run with the keyboard alone", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Keyboard only");
  const editor = new EditorPage(page);
  await editor.goto(id);
  await page.evaluate(() => {
    const w = window as unknown as { pointerEvents: number };
    w.pointerEvents = 0;
    for (const type of ["pointerdown", "mousedown"]) window.addEventListener(type, () => w.pointerEvents++, true);
  });

  // The skip link comes first, then the top bar; the editor's own controls after.
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-link")).toBeFocused();

  await tabTo(page, page.getByTestId("palette-agent"));
  await page.keyboard.press("Enter");
  await expect(editor.nodes).toHaveCount(1);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(editor.nodes).toHaveCount(3);
  // Each lands beside the one added before it, none on another.
  const boxes = await editor.nodes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j]), `nodes ${i} and ${j}`).toBe(false);

  // Palette → canvas nodes → inspector: Tab reaches the first node after the palette.
  await tabTo(page, page.locator(".react-flow__node").first());
  await page.keyboard.press("Enter");
  await expect(editor.inspector.getByTestId("node-inspector")).toHaveAttribute("data-node-id", "agent_1");

  const target = editor.inspector.getByTestId("connect-target");
  await tabTo(page, target);
  await target.selectOption("agent_2");
  await page.keyboard.press("Tab");
  await expect(editor.inspector.getByTestId("connect-add")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor.edges).toHaveCount(1);
  await expect(editor.inspector.getByTestId("node-connection")).toHaveText(/→ to agent_2/);

  await tabTo(page, editor.inspector.getByTestId("field-user_message"));
  await page.keyboard.type("Summarise {topic}");
  await tabTo(page, editor.inspector.getByTestId("node-connection-open"));
  await page.keyboard.press("Enter");
  await expect(editor.inspector.getByTestId("edge-inspector")).toBeVisible();

  await page.keyboard.press("Control+s");
  await expect(editor.version).toHaveText("v2");

  await tabTo(page, page.getByTestId("run"));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("run-input")).toBeVisible();
  await tabTo(page, page.getByTestId("run-start"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/runs\//);
  await expect(page.getByTestId("run-status")).toHaveText("completed");
  expect(await page.evaluate(() => (window as unknown as { pointerEvents?: number }).pointerEvents ?? 0)).toBe(0);
});

test("a backward edge is drawn around the nodes it joins, not behind them", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Back edge", {
    nodes: [
      { id: "a", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock", user_message: "a" } },
      { id: "b", type: "condition", position: { x: 400, y: 0 }, config: { expression: "true" } },
      { id: "c", type: "agent", position: { x: 800, y: 0 }, config: { model: "mock", user_message: "c" } },
    ],
    edges: [
      { id: "e1", source: "a", target: "b" },
      { id: "e2", source: "b", target: "c", condition_value: "true" },
      { id: "back", source: "b", target: "a", condition_value: "false" },
    ],
  });
  const editor = new EditorPage(page);
  await editor.goto(id);
  await expect(editor.edges).toHaveCount(3);
  const inside = await page.evaluate(() => {
    const path = document.querySelector<SVGPathElement>('[data-id="back"] path.react-flow__edge-path');
    if (!path) throw new Error("no back edge");
    const boxes = ["a", "b"].map((n) => document.querySelector(`[data-testid="node-${n}"]`)!.getBoundingClientRect());
    const m = path.getScreenCTM()!;
    const hits: string[] = [];
    const length = path.getTotalLength();
    // The first and last few pixels meet the handles on the nodes' edges.
    for (let at = 12; at < length - 12; at += 4) {
      const p = new DOMPoint(path.getPointAtLength(at).x, path.getPointAtLength(at).y).matrixTransform(m);
      boxes.forEach((b, i) => {
        if (p.x > b.left + 1 && p.x < b.right - 1 && p.y > b.top + 1 && p.y < b.bottom - 1) hits.push(`${i ? "b" : "a"} at ${Math.round(at)}`);
      });
    }
    return hits;
  });
  expect(inside).toEqual([]);
});

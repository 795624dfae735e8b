import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { EditorPage } from "./pages/editor-page";

const mod = process.platform === "darwin" ? "Meta" : "Control";

test.describe("editing history and shortcuts", () => {
  test("undo and redo, by button and keyboard", async ({ page, request }) => {
    const { id } = await new Api(request).createWorkflow("History");
    const editor = new EditorPage(page);
    await editor.goto(id);
    await editor.drop("agent", 150, 150);
    await editor.drop("merge", 450, 150);
    await editor.connect("handle-agent_1-out", "handle-merge_1-in");

    await page.getByTestId("undo").click();
    await expect(editor.edges).toHaveCount(0);
    await page.getByTestId("undo").click();
    await expect(editor.nodes).toHaveCount(1);
    await page.getByTestId("redo").click();
    await expect(editor.nodes).toHaveCount(2);

    await editor.focusCanvas();
    await page.keyboard.press(`${mod}+Shift+Z`);
    await expect(editor.edges).toHaveCount(1);
    await page.keyboard.press(`${mod}+Z`);
    await expect(editor.edges).toHaveCount(0);

    // Typing in a field is one undo step, and Ctrl+Z inside the field stays the browser's.
    await editor.select("agent_1");
    await editor.field("label").pressSequentially("Writer");
    await expect(editor.node("agent_1").getByTestId("node-title")).toHaveText("Writer");
    await editor.focusCanvas();
    await page.keyboard.press(`${mod}+Z`);
    await expect(editor.node("agent_1").getByTestId("node-title")).toHaveText("agent_1");
    await expect(editor.nodes).toHaveCount(2);
  });

  test("auto-layout is one undoable step", async ({ page, request }) => {
    const { id } = await new Api(request).createWorkflow("Layout", {
      nodes: [
        { id: "a", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock" } },
        { id: "b", type: "merge", position: { x: 0, y: 0 }, config: {} },
      ],
      edges: [{ id: "e1", source: "a", target: "b" }],
    });
    const editor = new EditorPage(page);
    await editor.goto(id);
    expect(await editor.position("b")).toEqual({ x: 0, y: 0 });
    await page.getByTestId("auto-layout").click();
    await expect.poll(async () => (await editor.position("b")).x).toBeGreaterThan((await editor.position("a")).x + 200);
    await page.getByTestId("undo").click();
    await expect(page.getByTestId("undo")).toBeDisabled();
    await expect.poll(() => editor.position("b")).toEqual({ x: 0, y: 0 });
    await expect.poll(() => editor.position("a")).toEqual({ x: 0, y: 0 });
  });

  test("copy, paste, select all and delete; Delete in a field edits the field", async ({ page, request }) => {
    const { id } = await new Api(request).createWorkflow("Clipboard");
    const editor = new EditorPage(page);
    await editor.goto(id);
    await editor.drop("condition", 150, 150);
    await editor.drop("agent", 450, 150);
    await editor.connect("handle-condition_1-true", "handle-agent_1-in");

    await editor.focusCanvas();
    await page.keyboard.press(`${mod}+A`);
    await page.keyboard.press(`${mod}+C`);
    await page.keyboard.press(`${mod}+V`);
    await expect(editor.nodes).toHaveCount(4);
    await expect(editor.edges).toHaveCount(2);
    expect(await editor.nodeIds()).toEqual(["condition_1", "agent_1", "condition_2", "agent_2"]);

    await editor.select("agent_2");
    await editor.field("label").fill("abc");
    await editor.field("label").press("Backspace");
    await expect(editor.field("label")).toHaveValue("ab");
    await expect(editor.nodes).toHaveCount(4);

    await editor.select("agent_2");
    await editor.node("agent_2").press("Delete");
    await expect(editor.nodes).toHaveCount(3);
    await expect(editor.edges).toHaveCount(1);

    await editor.focusCanvas();
    await page.keyboard.press(`${mod}+A`);
    await page.keyboard.press("Backspace");
    await expect(editor.nodes).toHaveCount(0);
    await page.keyboard.press(`${mod}+Z`);
    await expect(editor.nodes).toHaveCount(3);
  });
});

import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { EditorPage } from "./pages/editor-page";

const seed = {
  nodes: [
    { id: "ask", type: "agent" as const, position: { x: 0, y: 0 }, config: { model: "mock", user_message: "Hello" } },
    { id: "check", type: "condition" as const, position: { x: 320, y: 0 }, config: { expression: "len(ask) > 3" } },
  ],
  edges: [{ id: "e1", source: "ask", target: "check" }],
};

test("export and import round-trip through a file", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Round trip", seed);
  const editor = new EditorPage(page);
  await editor.goto(id);
  const download = await editor.export();
  expect(download.suggestedFilename()).toBe("round-trip.workflow.json");
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString();
  expect(JSON.parse(text)).toEqual({ name: "Round trip", graph: seed });

  await editor.drop("tool", 400, 400);
  await expect(editor.nodes).toHaveCount(3);
  await editor.importFile(text);
  await expect(editor.nodes).toHaveCount(2);
  expect(await editor.nodeIds()).toEqual(["ask", "check"]);
  await page.getByTestId("undo").click();
  await expect(editor.nodes).toHaveCount(3);

  await editor.importFile("{ not json");
  await expect(page.getByTestId("editor-notice")).toContainText("Not valid JSON");
});

test("a stale save shows the conflict; overwrite re-bases, reload takes theirs", async ({ page, request }) => {
  const api = new Api(request);
  const { id } = await api.createWorkflow("Contested", seed);
  const editor = new EditorPage(page);
  await editor.goto(id);

  // Someone else saves behind the editor's back.
  const theirs = { ...seed, nodes: [...seed.nodes, { id: "extra", type: "merge" as const, position: { x: 640, y: 0 }, config: {} }] };
  await api.saveGraph(id, theirs, 1);

  await editor.drop("tool", 300, 400);
  await editor.save();
  const dialog = page.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("conflict-current-version")).toHaveText("v2");
  await expect(editor.version).toHaveText("v1");

  await page.getByTestId("conflict-overwrite").click();
  await expect(dialog).toBeHidden();
  await editor.expectSavedAt(3);
  const stored = await api.getWorkflow(id);
  expect(stored.graph.nodes.map((n: { id: string }) => n.id)).toEqual(["ask", "check", "tool_1"]);

  // Another stale save; this time take theirs.
  await api.saveGraph(id, theirs, 3);
  await editor.drop("merge", 500, 400);
  await page.keyboard.press(process.platform === "darwin" ? "Meta+S" : "Control+S");
  await expect(dialog).toBeVisible();
  await page.getByTestId("conflict-reload").click();
  await expect(dialog).toBeHidden();
  await expect(editor.version).toHaveText("v4");
  expect(await editor.nodeIds()).toEqual(["ask", "check", "extra"]);
  await expect(editor.saveState).toHaveAttribute("data-dirty", "false");
});

test("unsaved changes are marked and a reload asks first", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Guarded", seed);
  const editor = new EditorPage(page);
  await editor.goto(id);
  await expect(editor.saveState).toHaveAttribute("data-dirty", "false");
  await editor.drop("merge", 300, 400);
  await expect(editor.saveState).toHaveText("Unsaved changes");
  const dialog = new Promise<string>((resolve) =>
    page.once("dialog", (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  // The reload never completes: the dialog is dismissed, so the page (and its unsaved work) stays.
  void page.reload().catch(() => undefined);
  expect(await dialog).toBe("beforeunload");
  await expect(editor.nodes).toHaveCount(3);
});

import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { EditorPage } from "./pages/editor-page";

test("build a workflow by drag and drop, configure, validate, save and reload", async ({ page, request }) => {
  const api = new Api(request);
  const { id } = await api.createWorkflow("Built by hand");
  const editor = new EditorPage(page);
  await editor.goto(id);

  // One node of each kind, placed where it is dropped.
  await editor.drop("agent", 150, 110);
  await editor.drop("condition", 440, 110);
  await editor.drop("tool", 150, 300);
  await editor.drop("merge", 440, 300);
  await editor.drop("loop", 150, 480);
  await editor.drop("human_gate", 440, 480);
  expect(await editor.nodeIds()).toEqual(["agent_1", "condition_1", "tool_1", "merge_1", "loop_1", "human_gate_1"]);
  const agentBox = await editor.node("agent_1").boundingBox();
  const canvasBox = await editor.canvas.boundingBox();
  expect(Math.abs(agentBox!.x + agentBox!.width / 2 - (canvasBox!.x + 150))).toBeLessThan(4);

  // Connect, including both branches of the condition.
  await editor.connect("handle-agent_1-out", "handle-condition_1-in");
  await editor.connect("handle-condition_1-true", "handle-tool_1-in");
  await editor.connect("handle-condition_1-false", "handle-merge_1-in");
  await editor.connect("handle-tool_1-out", "handle-merge_1-in");
  await editor.connect("handle-merge_1-out", "handle-human_gate_1-in");
  await expect(page.getByTestId("edge-label-e2")).toHaveText("true");
  await expect(page.getByTestId("edge-label-e3")).toHaveText("false");

  // Configure nodes in the inspector.
  await editor.select("agent_1");
  await editor.field("label").fill("Classify");
  await editor.field("user_message").fill("Ticket: {ticket}");
  await editor.field("output_key").fill("category");
  await expect(editor.node("agent_1").getByTestId("node-title")).toHaveText("Classify");
  await editor.field("model").fill("acme:unknown-model");
  await expect(editor.inspector).toContainText("Not in the price table");
  await editor.field("model").fill("mock");

  await editor.select("condition_1");
  await editor.field("expression").fill("category == (");
  await expect(editor.inspector.getByRole("alert")).toBeVisible();
  await expect(editor.nodeIssues("condition_1")).toHaveAttribute("data-severity", "error");
  await editor.field("expression").fill("category == 'bug'");
  await expect(editor.nodeIssues("condition_1")).toHaveCount(0);

  await editor.select("loop_1");
  await editor.field("max_iterations").fill("5");
  await page.getByText("Retries and timeout").click();
  await editor.field("retries").fill("2");
  await editor.field("timeout_ms").fill("30000");

  await editor.select("human_gate_1");
  await editor.field("prompt").fill("Approve the reply for {ticket}?");
  await page.getByTestId("gate-field-add").click();
  await page.getByTestId("gate-field-name").fill("comment");

  // An unknown tool is an error on its node until it is fixed.
  await editor.select("tool_1");
  await editor.field("tool").fill("teleport");
  await expect(editor.nodeIssues("tool_1")).toHaveAttribute("data-severity", "error");
  await expect(editor.inspector).toContainText('"teleport"');
  await page.getByTestId("validation-summary").click();
  await expect(page.getByTestId("validation-item").filter({ hasText: "teleport" })).toBeVisible();
  await editor.field("tool-select").selectOption("set");
  await expect(editor.nodeIssues("tool_1")).toHaveCount(0);
  await editor.field("params-json").fill('{"reply": "Thanks for {ticket}"}');

  // Save: the version goes up.
  await expect(editor.saveState).toHaveAttribute("data-dirty", "true");
  await editor.save();
  await editor.expectSavedAt(2);
  await expect(editor.saveState).toHaveText("Saved as v2");

  // Reload: everything is still there.
  await page.reload();
  await expect(editor.nodes).toHaveCount(6);
  await expect(editor.edges).toHaveCount(5);
  await expect(editor.version).toHaveText("v2");
  await editor.select("agent_1");
  await expect(editor.field("user_message")).toHaveValue("Ticket: {ticket}");
  const stored = await api.getWorkflow(id);
  const byId = Object.fromEntries(stored.graph.nodes.map((n: { id: string }) => [n.id, n]));
  expect(byId.agent_1.config).toEqual({ label: "Classify", model: "mock", user_message: "Ticket: {ticket}", output_key: "category" });
  expect(byId.condition_1.config).toEqual({ expression: "category == 'bug'" });
  expect(byId.loop_1.config).toEqual({ expression: "true", max_iterations: 5, retries: 2, timeout_ms: 30000 });
  expect(byId.tool_1.config).toEqual({ tool: "set", params: { reply: "Thanks for {ticket}" } });
  expect(byId.human_gate_1.config).toEqual({ prompt: "Approve the reply for {ticket}?", fields: [{ name: "comment", type: "text" }] });
  expect(stored.graph.edges).toContainEqual({ id: "e2", source: "condition_1", target: "tool_1", condition_value: "true", label: "true" });
  expect(stored.graph.edges).toContainEqual({ id: "e3", source: "condition_1", target: "merge_1", condition_value: "false", label: "false" });
});

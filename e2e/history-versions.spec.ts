import { expect, test } from "@playwright/test";
import type { GraphInput } from "@/engine/graph/schema";
import { Api } from "./pages/api";
import { VersionsPage } from "./pages/versions-page";

const graph = (message: string): GraphInput => ({
  nodes: [
    { id: "ask", type: "agent", position: { x: 0, y: 0 }, config: { label: "Ask", model: "mock", user_message: message } },
    { id: "keep", type: "tool", position: { x: 320, y: 0 }, config: { label: "Keep", tool: "set", params: { done: "yes" } } },
  ],
  edges: [{ id: "e1", source: "ask", target: "keep" }],
});

test("version history compares two versions on the canvas and restores one as a new version", async ({ page, request }) => {
  const api = new Api(request);
  const wf = await api.createWorkflow("Versioned", graph("Hello"));
  await api.saveGraph(wf.id, graph("Hello there"), wf.version);

  const versions = new VersionsPage(page);
  await versions.goto(wf.id);
  await expect(versions.items).toHaveCount(2);
  await expect(versions.items.first()).toHaveAttribute("data-version", "2");

  await versions.compareWith(1);
  await expect(versions.canvasNode("ask")).toHaveAttribute("data-mark", "changed");
  await expect(versions.canvasNode("keep")).not.toHaveAttribute("data-mark", /.+/);
  await expect(page.getByTestId("diff-legend")).toBeVisible();
  const configDiff = page.getByTestId("config-diff");
  await expect(configDiff).toHaveAttribute("data-node-id", "ask");
  await expect(configDiff).toContainText("user_message");
  await expect(configDiff).toContainText("Hello there");

  await versions.open(1);
  await versions.restore();
  await expect(versions.items).toHaveCount(3);
  await expect(versions.items.first()).toHaveAttribute("data-version", "3");
  const live = await api.getWorkflow(wf.id);
  expect(live.version).toBe(3);
  expect(live.graph.nodes[0].config.user_message).toBe("Hello");
});

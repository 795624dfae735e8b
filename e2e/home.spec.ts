import { expect, test } from "@playwright/test";
import type { GraphInput } from "@/engine/graph/schema";
import { Api } from "./pages/api";
import { EditorPage } from "./pages/editor-page";
import { HomePage } from "./pages/home-page";

test.describe("home page", () => {
  test("empty state, create, rename, export and delete", async ({ page, request }) => {
    const api = new Api(request);
    await api.deleteAllWorkflows();
    const home = new HomePage(page);
    await home.goto();
    await expect(home.empty).toContainText("No workflows yet");

    await home.create("Ticket triage", "Sort incoming tickets");
    const editor = new EditorPage(page);
    await expect(page.getByTestId("workflow-name")).toHaveValue("Ticket triage");
    await expect(page.getByTestId("canvas-empty")).toBeVisible();
    await expect(page.getByTestId("validation-summary")).toHaveText("Empty canvas: add a node from the palette");
    await expect(page.getByTestId("run")).toBeDisabled();
    await expect(editor.version).toHaveText("v1");

    await page.getByRole("link", { name: "All workflows" }).click();
    await expect(home.row("Ticket triage")).toContainText("v1");
    await expect(home.row("Ticket triage")).toContainText("never run");

    await home.rename("Ticket triage", "Ticket router");

    const download = await home.export("Ticket router");
    expect(download.suggestedFilename()).toBe("ticket-router.workflow.json");
    const file = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()));
    expect(file).toMatchObject({ name: "Ticket router", description: "Sort incoming tickets", graph: { nodes: [], edges: [] } });

    await home.delete("Ticket router");
    await expect(home.empty).toBeVisible();
  });

  test("imports a workflow file into a new workflow", async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    const graph = {
      nodes: [
        { id: "ask", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock", user_message: "Hi {name}" } },
        { id: "done", type: "merge", position: { x: 320, y: 0 }, config: {} },
      ],
      edges: [{ id: "e1", source: "ask", target: "done" }],
    };
    await home.importFile("greeter.workflow.json", JSON.stringify({ name: "Greeter", graph }));
    const editor = new EditorPage(page);
    await expect(page.getByTestId("workflow-name")).toHaveValue("Greeter");
    await expect(editor.nodes).toHaveCount(2);
    await expect(editor.edges).toHaveCount(1);
  });

  test("duplicates a workflow into a new one at version 1, leaving the original as it was", async ({ page, request }) => {
    const api = new Api(request);
    const graph: GraphInput = {
      nodes: [
        { id: "ask", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock", user_message: "Hi {name}" } },
        { id: "done", type: "merge", position: { x: 320, y: 0 }, config: {} },
      ],
      edges: [{ id: "e1", source: "ask", target: "done" }],
    };
    const original = await api.createWorkflow("Onboarding mail", graph);
    const home = new HomePage(page);
    await home.goto();
    await home.duplicate("Onboarding mail");

    const editor = new EditorPage(page);
    await expect(page.getByTestId("workflow-name")).toHaveValue("Onboarding mail (copy)");
    await expect(editor.version).toHaveText("v1");
    await expect(editor.nodes).toHaveCount(2);
    await expect(editor.edges).toHaveCount(1);
    const copyId = page.url().split("/").pop()!;
    expect(copyId).not.toBe(original.id);
    const copy = await (await request.get(`/api/workflows/${copyId}`)).json();
    expect(copy.graph).toEqual((await (await request.get(`/api/workflows/${original.id}`)).json()).graph);

    await page.getByRole("link", { name: "All workflows" }).click();
    await expect(home.row("Onboarding mail")).toContainText("v1");
    await expect(home.row("Onboarding mail (copy)")).toContainText("v1");
  });

  test("searches names and descriptions as you type", async ({ page, request }) => {
    const api = new Api(request);
    await api.createWorkflow("Zebracorn invoices");
    const billing = await request.post("/api/workflows", { data: { name: "Billing", description: "settles zebracorn disputes" } });
    expect(billing.status()).toBe(201);
    await api.createWorkflow("Plain other");
    const home = new HomePage(page);
    await home.goto();
    await expect(home.row("Plain other")).toBeVisible();

    await page.getByTestId("workflow-search").fill("ZEBRACORN");
    await expect(home.rows).toHaveCount(2);
    await expect(home.row("Zebracorn invoices")).toBeVisible();
    await expect(home.row("Billing")).toBeVisible();

    await page.getByTestId("workflow-search").fill("zebracorn unicorn");
    await expect(page.getByTestId("workflows-no-match")).toContainText("zebracorn unicorn");
    await expect(home.rows).toHaveCount(0);

    await page.getByTestId("workflow-search").fill("");
    await expect(home.row("Plain other")).toBeVisible();
    await expect(page.getByTestId("workflows-no-match")).toHaveCount(0);
  });

  test("refuses a file that is not a workflow", async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.importFile("bad.json", JSON.stringify({ graph: { nodes: [{ id: "x", type: "teleport" }], edges: [] } }));
    await expect(page.getByTestId("home-notice")).toContainText("graph.nodes.0.type");
  });

  test("an unknown page answers 404 in the app's frame, with the way back", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toContainText("This page does not exist");
    await page.getByTestId("not-found").getByRole("link", { name: "All workflows" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

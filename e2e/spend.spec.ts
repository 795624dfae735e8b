import { expect, test } from "@playwright/test";
import { usd } from "@/components/ui/format";
import type { GraphInput } from "@/engine/graph/schema";
import { Api } from "./pages/api";

const twoAgents: GraphInput = {
  nodes: [
    { id: "draft", type: "agent", position: { x: 0, y: 0 }, config: { model: "mock", user_message: "Draft a reply to {ticket}" } },
    { id: "polish", type: "agent", position: { x: 240, y: 0 }, config: { model: "mock", user_message: "Polish: {draft}" } },
  ],
  edges: [{ id: "e1", source: "draft", target: "polish" }],
};

type Run = { id: string; status: string; cost_usd: number; steps: { node_id: string; cost_usd: number }[] };
const micros = (usdValue: number) => Math.round(usdValue * 1e6);

test("the spend page shows a workflow's cost, per node, and the runs behind a figure", async ({ page, request }) => {
  const wf = await new Api(request).createWorkflow("Spend check", twoAgents);
  const runs: Run[] = [];
  for (const ticket of ["printer", "laptop"]) {
    const res = await request.post(`/api/workflows/${wf.id}/runs?wait=10000`, { data: { input: { ticket } } });
    expect(res.status()).toBe(201);
    runs.push(await res.json());
  }
  expect(runs.map((r) => r.status)).toEqual(["completed", "completed"]);
  const total = runs.reduce((a, r) => a + micros(r.cost_usd), 0) / 1e6;
  const polish = runs.reduce((a, r) => a + micros(r.steps.find((s) => s.node_id === "polish")!.cost_usd), 0) / 1e6;

  // A second workflow of the same name: each of the two lines shows the start of its workflow's id.
  const twin = await new Api(request).createWorkflow("Spend check", twoAgents);
  expect((await request.post(`/api/workflows/${twin.id}/runs?wait=10000`, { data: { input: { ticket: "phone" } } })).status()).toBe(201);

  await page.goto("/spend");
  const workflowRow = page.getByTestId("spend-by-workflow").locator(`[data-key="${wf.id}"]`);
  await expect(workflowRow).toContainText("Spend check");
  await expect(workflowRow.getByTestId("spend-cost")).toHaveText(usd(total));
  await expect(workflowRow).toContainText("2 runs");
  const nodeRow = page.getByTestId("spend-by-node").locator(`[data-key="${wf.id}:polish"]`);
  await expect(nodeRow.getByTestId("spend-cost")).toHaveText(usd(polish));
  const twinRow = page.getByTestId("spend-by-workflow").locator(`[data-key="${twin.id}"]`);
  await expect(twinRow).toContainText("1 run");
  // The header counts the rows the list scrolls through.
  const byWorkflow = page.getByTestId("spend-by-workflow");
  await expect(byWorkflow.getByTestId("spend-group-count")).toHaveText(String(await byWorkflow.getByTestId("spend-row").count()));
  await expect(workflowRow.getByTestId("spend-label-hint")).toHaveText(new RegExp(`^${wf.id.slice(0, 6)}`));
  await expect(twinRow.getByTestId("spend-label-hint")).toHaveText(new RegExp(`^${twin.id.slice(0, 6)}`));
  await expect(nodeRow.getByTestId("spend-label-hint")).toHaveText(new RegExp(`^${wf.id.slice(0, 6)}`));

  await workflowRow.click();
  await expect(workflowRow).toHaveAttribute("aria-pressed", "true");
  const listed = page.getByTestId("spend-runs").getByTestId("spend-run");
  await expect(listed).toHaveCount(2);
  // Every run is kept on the e2e server: no retention note.
  await expect(page.getByTestId("spend-runs-retention")).toHaveCount(0);
  // Newest first, each linking to its run.
  await expect(listed.first().getByRole("link")).toHaveText(runs[1].id);
  await expect(listed.nth(1).getByRole("link")).toHaveText(runs[0].id);
  await listed.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runs[1].id}$`));
});

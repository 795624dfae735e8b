import { expect, test, type Locator } from "@playwright/test";
import { Api } from "./pages/api";
import { overflowsSideways } from "./pages/layout";
import { RunApi } from "./pages/run-fixtures";
import { RunTimelinePage } from "./pages/run-timeline-page";

/** `view` leaves `tail` out behind a "show more" button named `more`, and shows it once that is clicked. */
async function revealsOnRequest(view: Locator, more: string, tail: string) {
  await expect(view).toContainText(more);
  await expect(view).not.toContainText(tail);
  await view.getByRole("button", { name: more }).click();
  await expect(view).toContainText(tail);
}

test("a 200-character name and a long gate prompt keep every page's layout and the reviewer's buttons in view", async ({ page, request }) => {
  const name = "W".repeat(200);
  const label = "A label that goes on and on ".repeat(8).slice(0, 200);
  const { id } = await new Api(request).createWorkflow(name, {
    nodes: [
      { id: "draft", type: "agent", position: { x: 0, y: 0 }, config: { label, model: "mock", user_message: "x".repeat(3000) } },
      { id: "review", type: "human_gate", position: { x: 300, y: 0 }, config: { label, prompt: `Please review: ${"word ".repeat(600)}`, fields: [{ name: "note", type: "text", label, required: true }] } },
    ],
    edges: [{ id: "e1", source: "draft", target: "review" }],
  });
  const runId = await new RunApi(request).trigger(id, {});

  await page.goto(`/runs/${runId}`);
  const gate = page.getByTestId("gate-panel");
  await expect(gate.getByRole("button", { name: "Approve" })).toBeInViewport();
  await expect(page.getByTestId("run-workflow-link")).toHaveAttribute("title", name);
  expect(await overflowsSideways(page)).toBe(false);

  for (const path of ["/", "/approvals", "/runs", `/workflows/${id}/runs`]) {
    await page.goto(path);
    await expect(page.getByText("WWWWWWWWWW").first()).toBeVisible();
    expect(await overflowsSideways(page), path).toBe(false);
  }
  await page.goto("/approvals");
  const item = page.locator(`[data-testid="approval-item"][data-run-id="${runId}"]`);
  await expect(item.getByTestId("approval-review")).toBeInViewport();
  await expect(item.getByTestId("approval-open")).toBeInViewport();
});

test("a step's long string and big object show their start, and all of it on request", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Big output", {
    nodes: [{ id: "s", type: "tool", position: { x: 0, y: 0 }, config: { tool: "set", params: { text: "{doc}", keys: "{many}" } } }],
    edges: [],
  });
  const many = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`k${i}`, i]));
  const runId = await new RunApi(request).trigger(id, { doc: `${"z".repeat(9_999)}END`, many });
  const run = new RunTimelinePage(page);
  await run.goto(runId);
  await expect(run.status).toHaveText("completed");
  await run.row("s").click();
  await revealsOnRequest(page.getByTestId("step-output"), "8,002 more characters", 'zzzEND"');

  // The step's `keys` is the 250-key object rendered as Python would (a string); the
  // checkpoint state holds the input's object itself, open two levels deep.
  await page.getByTestId("run-tab-checkpoints").click();
  await revealsOnRequest(page.getByTestId("checkpoint-state"), "50 more keys", "k249");
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import { Api } from "./pages/api";
import { expectNoSeriousA11yIssues } from "./pages/axe";
import { overflowsSideways } from "./pages/layout";
import { fanOutGateGraph, RunApi } from "./pages/run-fixtures";

// A phone held upright: a reviewer approving a gate, someone checking a run or the spend.
test.use({ viewport: { width: 390, height: 844 } });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("element has no box");
  return b;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function pausedRun(page: Page) {
  const { id } = await new Api(page.request).createWorkflow("Phone review", fanOutGateGraph(20));
  const runId = await new RunApi(page.request).trigger(id, { ticket: "T-7" });
  await expect.poll(async () => (await new RunApi(page.request).run(runId)).status).toBe("paused");
  return { workflowId: id, runId };
}

test("on a phone the run page shows the gate first, its header whole and a timeline with room for its bars", async ({ page }) => {
  const { runId } = await pausedRun(page);
  await page.goto(`/runs/${runId}`);

  const approve = page.getByTestId("gate-panel").getByRole("button", { name: "Approve" });
  await expect(approve).toBeInViewport();
  // The totals wrap below the title instead of running over it.
  const title = await box(page.getByRole("heading", { level: 1 }));
  for (const stat of ["run-cost", "run-tokens", "run-duration"]) {
    const b = await box(page.getByTestId(stat));
    expect(overlap(title, b), stat).toBe(false);
    expect(b.x + b.width, stat).toBeLessThanOrEqual(390);
  }
  // Tokens and cost columns give their width to the bars on a phone.
  const track = await box(page.getByTestId("step-track").first());
  expect(track.width).toBeGreaterThanOrEqual(100);
  await expect(page.getByTestId("step-tokens").first()).toBeHidden();
  expect(await overflowsSideways(page)).toBe(false);

  // The step's detail sits below the timeline: choosing a step brings it into view.
  await page.getByTestId("step-row").filter({ hasText: "Classify" }).click();
  await expect(page.getByTestId("step-detail")).toBeInViewport();
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-node-id", "classify");
});

test("on a phone every page fits the width once loaded, and the top bar's sections open from a menu by keyboard", async ({ page }) => {
  const { workflowId, runId } = await pausedRun(page);
  const pages = ["/", "/runs", "/approvals", "/spend", "/audit", "/settings", `/workflows/${workflowId}`, `/workflows/${workflowId}/runs`, `/workflows/${workflowId}/versions`, `/runs/${runId}`];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
    // Measured once the page has its data: nothing sticks out that cannot be scrolled to.
    await expect.poll(() => overflowsSideways(page), { message: path }).toBe(false);
  }

  await page.goto("/");
  const menu = page.getByTestId("nav-menu");
  const sections = page.getByTestId("nav-sections");
  await expect(sections).toBeHidden();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  for (const id of ["nav-workflows", "nav-runs", "nav-approvals", "nav-spend", "nav-audit", "nav-settings"]) await expect(page.getByTestId(id)).toBeInViewport();
  await expectNoSeriousA11yIssues(page, "header");
  await page.keyboard.press("Escape");
  await expect(sections).toBeHidden();
  await expect(menu).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("nav-workflows")).toBeFocused();
  for (let i = 0; i < 6 && !(await page.getByTestId("nav-audit").evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(page.getByTestId("nav-audit")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/audit$/);
  await expect(sections).toBeHidden();

  // A table wider than the phone says so, and scrolls to its last column from the keyboard.
  const scroller = page.getByTestId("audit-table").locator("xpath=..");
  await expect(scroller).toHaveAttribute("data-overflows", "true");
  const cue = page.getByTestId("scroll-cue");
  await expect(cue).toHaveText("Scroll sideways for more columns →");
  await scroller.focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowRight");
  await expect(cue).toHaveText("← Scroll back for the first columns");
  await expect(page.getByTestId("audit-table").locator("thead th").last()).toBeInViewport();
  await expectNoSeriousA11yIssues(page);
});

test("on a phone the editor gives the canvas the width and puts the inspector below it", async ({ page }) => {
  const { workflowId } = await pausedRun(page);
  await page.goto(`/workflows/${workflowId}`);
  const canvas = await box(page.getByTestId("canvas"));
  expect(canvas.width).toBeGreaterThan(350);
  expect(canvas.height).toBeGreaterThan(300);
  await expect(page.getByTestId("palette")).toBeHidden();
  // Save and Run stay in reach; the canvas tools wait for a wider window.
  await expect(page.getByTestId("save")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("run")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("auto-layout")).toBeHidden();
  const inspector = await box(page.getByTestId("inspector"));
  expect(inspector.y).toBeGreaterThanOrEqual(canvas.y + canvas.height - 1);
  expect(await overflowsSideways(page)).toBe(false);

  // A tablet: the palette is back beside the canvas, the inspector still below it.
  await page.setViewportSize({ width: 820, height: 1000 });
  await expect(page.getByTestId("palette")).toBeVisible();
  const wide = await box(page.getByTestId("canvas"));
  expect(wide.width).toBeGreaterThan(500);
  expect((await box(page.getByTestId("inspector"))).y).toBeGreaterThanOrEqual(wide.y + wide.height - 1);
});

import { expect, type Locator, type Page } from "@playwright/test";

/** The live run page at `/runs/{id}`: header, timeline, canvas, gate panel, inspector. */
export class RunTimelinePage {
  readonly status: Locator;
  readonly connection: Locator;
  readonly cost: Locator;
  readonly rows: Locator;
  readonly gatePanel: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId("run-status");
    this.connection = page.getByTestId("run-connection");
    this.cost = page.getByTestId("run-cost");
    this.rows = page.getByTestId("step-row");
    this.gatePanel = page.getByTestId("gate-panel");
    this.error = page.getByTestId("run-error");
  }

  /** `baseUrl`: a server of the test's own instead of the suite's. */
  async goto(runId: string, baseUrl = "") {
    await this.page.goto(`${baseUrl}/runs/${runId}`);
    await expect(this.page.getByTestId("run-view")).toBeVisible();
  }

  row(nodeId: string): Locator {
    return this.rows.and(this.page.locator(`[data-node-id="${nodeId}"]`));
  }

  /** A node's wrapper on the run canvas; `data-mark` carries its latest step status. */
  canvasNode(nodeId: string): Locator {
    return this.page.getByTestId("run-canvas").locator(`.react-flow__node[data-id="${nodeId}"]`);
  }

  /** Each row's bar as fractions of its track, by node id (pixels measured in the page). */
  async bars(): Promise<Record<string, { left: number; right: number; minWidth: number }>> {
    return this.rows.evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => {
          const track = row.querySelector('[data-testid="step-track"]')!.getBoundingClientRect();
          const bar = row.querySelector('[data-testid="step-bar"]')!.getBoundingClientRect();
          const at = (x: number) => (x - track.left) / track.width;
          return [row.getAttribute("data-node-id")!, { left: at(bar.left), right: at(bar.right), minWidth: 3 / track.width }];
        }),
      ),
    );
  }

  /** Sum of the step costs the timeline shows, in micro-USD. */
  async shownStepCostMicros(): Promise<number> {
    const texts = await this.page.getByTestId("step-cost").allTextContents();
    return texts.reduce((sum, t) => sum + (t.startsWith("$") ? Math.round(Number(t.slice(1)) * 1e6) : 0), 0);
  }
}

import { expect, type Locator, type Page } from "@playwright/test";

/** Version history at `/workflows/{id}/versions`. */
export class VersionsPage {
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId("version-item");
  }

  async goto(workflowId: string) {
    await this.page.goto(`/workflows/${workflowId}/versions`);
    await expect(this.page.getByTestId("version-list")).toBeVisible();
  }

  async compareWith(version: number) {
    await this.page.getByTestId("compare-with").selectOption(String(version));
  }

  canvasNode(nodeId: string): Locator {
    return this.page.getByTestId("version-canvas").locator(`.react-flow__node[data-id="${nodeId}"]`);
  }

  async open(version: number) {
    await this.page.locator(`[data-testid="version-item"][data-version="${version}"]`).click();
  }

  async restore() {
    await this.page.getByTestId("version-restore").click();
    await this.page.getByTestId("restore-confirm").click();
  }
}

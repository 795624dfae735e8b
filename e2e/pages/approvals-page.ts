import type { Locator, Page } from "@playwright/test";

/** The approvals inbox at `/approvals`. */
export class ApprovalsPage {
  readonly items: Locator;
  readonly navCount: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId("approval-item");
    this.navCount = page.getByTestId("approvals-count");
  }

  async goto() {
    await this.page.goto("/approvals");
  }

  item(runId: string): Locator {
    return this.page.locator(`[data-testid="approval-item"][data-run-id="${runId}"]`);
  }

  /** Opens the inline form of a run's gate. */
  async review(runId: string): Promise<Locator> {
    const item = this.item(runId);
    await item.getByTestId("approval-review").click();
    return item.getByTestId("gate-form");
  }
}

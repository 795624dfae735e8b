import type { Locator, Page } from "@playwright/test";

/** The run page at `/runs/{id}`. */
export class RunPage {
  readonly status: Locator;
  readonly steps: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId("run-status");
    this.steps = page.getByTestId("step-row");
  }
}

import { expect, type Locator, type Page } from "@playwright/test";

/** The editor's webhook dialog (toolbar → Webhook). */
export class WebhookDialog {
  readonly root: Locator;
  readonly url: Locator;
  readonly secret: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("webhook-dialog");
    this.url = page.getByTestId("webhook-url");
    this.secret = page.getByTestId("webhook-secret");
  }

  async open() {
    await this.page.getByTestId("webhook").click();
    await expect(this.root).toBeVisible();
  }

  async create(): Promise<{ url: string; secret: string }> {
    await this.root.getByTestId("webhook-create").click();
    await expect(this.secret).toHaveText(/^whsec_/);
    return { url: (await this.url.textContent())!, secret: (await this.secret.textContent())! };
  }

  async close() {
    await this.root.getByTestId("webhook-close").click();
    await expect(this.root).toBeHidden();
  }
}

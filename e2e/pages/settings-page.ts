import { expect, type Locator, type Page } from "@playwright/test";

/** The settings page: secrets are added, updated and deleted; values are never shown. */
export class SettingsPage {
  readonly panel: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByTestId("secrets-panel");
  }

  async open() {
    await this.page.goto("/settings");
    await expect(this.panel).toBeVisible();
  }

  secret(name: string): Locator {
    return this.page.getByTestId(`secret-${name}`);
  }

  async add(name: string, value: string) {
    const form = this.page.getByTestId("secret-add");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Value").fill(value);
    await form.getByRole("button", { name: "Add secret" }).click();
    await expect(this.secret(name)).toBeVisible();
  }

  async update(name: string, value: string) {
    await this.secret(name).getByRole("button", { name: "Update" }).click();
    const form = this.page.getByTestId(`secret-update-${name}`);
    await form.getByLabel(`New value for ${name}`).fill(value);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
  }

  async remove(name: string) {
    this.page.once("dialog", (d) => void d.accept());
    await this.secret(name).getByRole("button", { name: "Delete" }).click();
    await expect(this.secret(name)).toBeHidden();
  }
}

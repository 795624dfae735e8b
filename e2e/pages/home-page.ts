import { expect, type Download, type Locator, type Page } from "@playwright/test";

/** The workflow list at `/`. */
export class HomePage {
  readonly rows: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("workflow-row");
    this.empty = page.getByTestId("workflows-empty");
  }

  async goto() {
    await this.page.goto("/");
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId("workflow-link").getByText(name, { exact: true }) });
  }

  /** Creates a workflow through the dialog; the app then opens its editor. */
  async create(name: string, description?: string) {
    await this.page.getByTestId("new-workflow").click();
    await this.page.getByTestId("name-dialog-name").fill(name);
    if (description) await this.page.getByTestId("name-dialog-description").fill(description);
    await this.page.getByTestId("name-dialog-submit").click();
    await expect(this.page).toHaveURL(/\/workflows\/[^/]+$/);
  }

  async rename(from: string, to: string) {
    await this.row(from).getByTestId("workflow-rename").click();
    await this.page.getByTestId("name-dialog-name").fill(to);
    await this.page.getByTestId("name-dialog-submit").click();
    await expect(this.row(to)).toBeVisible();
  }

  /** Duplicates a workflow under `to` through the dialog (which offers "<name> (copy)"); the app then opens the copy. */
  async duplicate(name: string, to?: string) {
    await this.row(name).getByTestId("workflow-duplicate").click();
    await expect(this.page.getByTestId("name-dialog-name")).toHaveValue(`${name} (copy)`);
    if (to) await this.page.getByTestId("name-dialog-name").fill(to);
    await this.page.getByTestId("name-dialog-submit").click();
    await expect(this.page).toHaveURL(/\/workflows\/[^/]+$/);
  }

  async delete(name: string) {
    await this.row(name).getByTestId("workflow-delete").click();
    await expect(this.page.getByTestId("delete-dialog")).toContainText(name);
    await this.page.getByTestId("delete-dialog-confirm").click();
    await expect(this.row(name)).toHaveCount(0);
  }

  async export(name: string): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.row(name).getByTestId("workflow-export").click()]);
    return download;
  }

  async importFile(fileName: string, content: string) {
    await this.page.getByTestId("import-workflow-file").setInputFiles({ name: fileName, mimeType: "application/json", buffer: Buffer.from(content) });
  }
}

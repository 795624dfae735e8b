import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

/** The Users panel of the settings page (admins only). */
export class UsersPanel {
  readonly panel: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId("users-panel");
    this.addButton = page.getByTestId("add-user");
    this.dialog = page.getByTestId("add-user-dialog");
    this.error = page.getByTestId("users-error");
  }

  row(email: string): Locator {
    return this.panel.locator(`[data-testid="user-row"][data-email="${email}"]`);
  }
}

/** The API keys panel of the settings page (everyone's own keys; an admin's: all of them). */
export class ApiKeysPanel {
  readonly panel: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId("api-keys-panel");
    this.rows = this.panel.getByTestId("api-key-row");
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }
}

/** A browser context of its own, signed in as `person` through the sign-in page (of the suite's server unless `baseUrl` names another). */
export async function signInInNewContext(browser: Browser, person: { email: string; password: string }, baseUrl = `http://127.0.0.1:${process.env.E2E_PORT}`): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByTestId("sign-in-email").fill(person.email);
  await page.getByTestId("sign-in-password").fill(person.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  return { context, page };
}

import { expect, test } from "@playwright/test";

test("the settings page says who can reach the server and links the API's OpenAPI document", async ({ page, baseURL }) => {
  await page.goto("/settings");
  const panel = page.getByTestId("access-panel");
  await expect(panel).toContainText("Every page and API call needs a sign-in or an API key");
  await expect(page.getByTestId("reached-as")).toHaveText(new URL(baseURL!).host);
  await expect(page.getByTestId("host-names")).toContainText("no other name");
  // Below the secrets panel, apart from it.
  const secrets = await page.getByTestId("secrets-panel").boundingBox();
  const access = await panel.boundingBox();
  expect(access!.y).toBeGreaterThanOrEqual(secrets!.y + secrets!.height + 16);

  const link = page.getByTestId("openapi-link");
  await expect(link).toHaveAttribute("href", "/api/openapi");
  const doc = await page.request.get(await link.getAttribute("href").then((href) => href!));
  expect(doc.status()).toBe(200);
  const body = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(body.openapi).toBe("3.1.0");
  expect(Object.keys(body.paths)).toContain("/api/workflows/{id}/runs");
});

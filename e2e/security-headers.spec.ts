import { expect, test } from "@playwright/test";
import { Api } from "./pages/api";
import { fanOutGateGraph, RunApi } from "./pages/run-fixtures";

// Every page under its Content Security Policy: nothing it loads or runs is refused (a
// violation would be a broken feature), and the policy forbids framing and foreign scripts.
test("every page works under its Content Security Policy, with no violation", async ({ page, request }) => {
  const workflow = await new Api(request).createWorkflow("Under CSP", fanOutGateGraph(50));
  const runId = await new RunApi(request).trigger(workflow.id, { ticket: "T-1" });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const path of ["/", "/runs", "/approvals", "/spend", "/audit", "/settings", `/workflows/${workflow.id}`, `/workflows/${workflow.id}/versions`, `/workflows/${workflow.id}/runs`, `/runs/${runId}`]) {
    const res = await page.goto(path);
    const policy = res?.headers()["content-security-policy"] ?? "";
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(res?.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(res?.headers()["x-powered-by"], path).toBeUndefined();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), path).toEqual([]);
  }
  // The editor parses and validates the graph in the browser: still no eval.
  await page.goto(`/workflows/${workflow.id}`);
  await expect(page.getByTestId("canvas")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
});

test("API answers are not cached and not sniffed", async ({ request }) => {
  const res = await request.get("/api/workflows");
  expect(res.headers()["cache-control"]).toBe("no-store");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["x-powered-by"]).toBeUndefined();
});

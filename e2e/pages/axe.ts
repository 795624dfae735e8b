import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 A and AA, the rules the product is held to. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One line per failing rule and node, readable in a test failure. */
function describe(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`));
}

/**
 * No critical or serious axe violation on what the page shows now (a dialog included when
 * one is open), or within `include` (a selector), in the colour scheme the page is in.
 */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  const result = await (include ? builder.include(include) : builder).analyze();
  const bad = result.violations.filter((v) => v.impact === "critical" || v.impact === "serious");
  // Soft: a page with violations does not hide those of the pages after it.
  expect.soft(describe(bad), `${what}: critical or serious axe violations`).toEqual([]);
}

/** {@link expectAccessible} in the light and the dark colour scheme, back in light after. */
export async function expectNoSeriousA11yIssues(page: Page, include?: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${include ?? "page"} (${colorScheme})`, include);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

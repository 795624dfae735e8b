import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

// axe-core comes with eslint-plugin-jsx-a11y; evaluated through the DevTools protocol, it is
// not a page script, so the Content Security Policy does not stop it.
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type Finding = { id: string; impact: string | null | undefined; help: string; targets: string[] };

/**
 * Runs axe on the page (or within `selector`, say an open dialog) in the light and the dark
 * colour scheme and fails on any critical or serious violation, listing them.
 */
export async function expectNoSeriousA11yIssues(page: Page, selector?: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
    const findings = await page.evaluate(async (context): Promise<Finding[]> => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe;
      const result = await axe.run(context ?? document, { resultTypes: ["violations"] });
      return result.violations
        .filter((v) => v.impact === "critical" || v.impact === "serious")
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
    }, selector ?? null);
    expect(findings, `${colorScheme}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

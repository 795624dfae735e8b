import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
type AxeWindow = { axe: { run: (context: string, options: unknown) => Promise<{ violations: Violation[] }> } };

/** axe-core's script from node_modules, evaluated in the page (the page's CSP refuses script tags it did not serve). */
const AXE_SCRIPT = readFileSync(createRequire(__filename).resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe (WCAG 2.1 A and AA rules) on the part of the page `selector` picks and expects no violations. */
export async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  await page.evaluate(AXE_SCRIPT);
  const violations = await page.evaluate(
    (sel) => (window as unknown as AxeWindow).axe.run(sel, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }).then((r) => r.violations),
    selector,
  );
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`)).toEqual([]);
}

import type { SpendGroup } from "@/lib/client/run-types";

/**
 * Workflow names are not unique, so two workflows (or two workflows' nodes) can share a
 * label in a breakdown. For each group whose label another group also has, the start of
 * its workflow id, long enough to tell them apart; groups with a label of their own get
 * none.
 */
export function labelHints(groups: SpendGroup[]): Map<string, string> {
  const byLabel = new Map<string, SpendGroup[]>();
  for (const g of groups) {
    const same = byLabel.get(g.label);
    if (same) same.push(g);
    else byLabel.set(g.label, [g]);
  }
  const hints = new Map<string, string>();
  for (const same of byLabel.values()) {
    const ids = same.map((g) => g.workflow_id ?? "");
    if (same.length < 2 || ids.includes("")) continue;
    const distinct = new Set(ids).size;
    const longest = Math.max(...ids.map((id) => id.length));
    let length = 6;
    while (length < longest && new Set(ids.map((id) => id.slice(0, length))).size < distinct) length++;
    same.forEach((g, i) => hints.set(g.key, ids[i].slice(0, length)));
  }
  return hints;
}

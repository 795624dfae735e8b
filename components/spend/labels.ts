import type { SpendGroup } from "@/lib/client/run-types";

/**
 * Workflow names are not unique, so two workflows (or two workflows' nodes) can share a
 * label in a breakdown. For each group whose label another group also has, the start of
 * its workflow id, long enough to tell them apart; groups with a label of their own get
 * none.
 */
export function labelHints(groups: SpendGroup[]): Map<string, string> {
  const byLabel = new Map<string, SpendGroup[]>();
  for (const g of groups) byLabel.set(g.label, [...(byLabel.get(g.label) ?? []), g]);
  const hints = new Map<string, string>();
  for (const same of byLabel.values()) {
    const ids = same.map((g) => g.workflow_id).filter((id): id is string => !!id);
    if (same.length < 2 || ids.length < same.length) continue;
    let length = 6;
    while (length < Math.max(...ids.map((id) => id.length)) && new Set(ids.map((id) => id.slice(0, length))).size < new Set(ids).size) length++;
    for (const g of same) hints.set(g.key, g.workflow_id!.slice(0, length));
  }
  return hints;
}

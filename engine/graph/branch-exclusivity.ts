/**
 * Nodes on opposite branches of a condition that runs once can never both run, so
 * they are not concurrent even though neither reaches the other. This is the common
 * "true → draft reply, false → escalate, both write `reply`" pattern.
 */
import type { GraphIndex } from "./build-graph-index";
import type { Components } from "./strongly-connected-components";
import { edgeBranchValue } from "./edge-branch-value";

/** A condition branch a node lies under, linked to the branches above it. */
export interface BranchTag {
  condition: string;
  value: boolean;
  next: BranchTag | null;
}

/**
 * For each node, the condition branches that every one of its executions comes from.
 *
 * 1. Walk the components in topological order.
 * 2. A node "runs at most once" when it is in no cycle and is a start node, has one
 *    incoming edge from such a node, or is a merge all of whose sources are such nodes.
 * 3. A node with exactly one incoming edge inherits its source's tags, plus the
 *    source's branch when the source is a condition that runs at most once.
 */
export function buildBranchTags(index: GraphIndex, scc: Components): Map<string, BranchTag | null> {
  const once = new Map<string, boolean>();
  const tags = new Map<string, BranchTag | null>();
  for (let c = scc.components.length - 1; c >= 0; c--) {
    const members = scc.components[c];
    const cyclic = members.length > 1 || index.outgoing.get(members[0])!.some((e) => e.target === members[0]);
    for (const id of members) {
      const incoming = index.incoming.get(id)!;
      if (cyclic) {
        once.set(id, false);
        tags.set(id, null);
        continue;
      }
      const node = index.nodes.get(id)!;
      const allOnce = incoming.every((e) => once.get(e.source));
      once.set(id, node.type === "merge" ? allOnce : incoming.length === 0 || (incoming.length === 1 && allOnce));
      if (incoming.length !== 1) {
        tags.set(id, null);
        continue;
      }
      const edge = incoming[0];
      const inherited = tags.get(edge.source) ?? null;
      const value = edgeBranchValue(edge);
      const source = index.nodes.get(edge.source)!;
      const pushes = source.type === "condition" && once.get(edge.source) && value !== null;
      tags.set(id, pushes ? { condition: edge.source, value: value!, next: inherited } : inherited);
    }
  }
  return tags;
}

/** True when the two tag chains sit on different branches of the same condition. */
export function onExclusiveBranches(a: BranchTag | null, b: BranchTag | null): boolean {
  if (!a || !b) return false;
  const seen = new Map<string, boolean>();
  for (let t: BranchTag | null = a; t; t = t.next) seen.set(t.condition, t.value);
  for (let t: BranchTag | null = b; t; t = t.next) {
    const other = seen.get(t.condition);
    if (other !== undefined && other !== t.value) return true;
  }
  return false;
}

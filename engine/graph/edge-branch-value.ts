/**
 * How a condition or loop node matches its outgoing edges (SPEC §3): by
 * `condition_value`, falling back to `label`, against "true"/"false" case-insensitively.
 * One rule shared by the engine and validation so they never disagree.
 */
import type { GraphEdge } from "./schema";

/** The branch an edge out of a condition/loop node belongs to, or null when it can never fire. */
export function edgeBranchValue(edge: Pick<GraphEdge, "condition_value" | "label">): boolean | null {
  const raw = edge.condition_value ?? edge.label;
  if (raw === undefined) return null;
  const value = raw.toLowerCase();
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

import "server-only";
import type { ValidationResult } from "@/engine/validate";
import { graphFromColumn } from "@/lib/db/graph-column";
import { validateWorkflowGraph } from "./graph-validation";

const MAX_ENTRIES = 1_000;
const cache = new Map<string, ValidationResult>();

/**
 * Validation of a workflow's live graph, cached per (workflow, version, set of secret
 * names): a version's graph never changes (SPEC §8), so a trigger parses and validates
 * each version once, not on every run, and again only when secrets are added or removed.
 */
export function cachedValidation(workflow: { id: string; version: number; graph: string }, secretNames?: ReadonlySet<string>): ValidationResult {
  const key = `${workflow.id}:${workflow.version}:${secretNames ? [...secretNames].sort().join(",") : "-"}`;
  let result = cache.get(key);
  if (!result) {
    result = validateWorkflowGraph(graphFromColumn(workflow.graph, `workflow ${workflow.id}`), secretNames);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, result);
  }
  return result;
}

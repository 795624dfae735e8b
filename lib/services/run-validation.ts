import "server-only";
import type { ValidationResult } from "@/engine/validate";
import { graphFromColumn } from "@/lib/db/graph-column";
import { validateWorkflowGraph } from "./graph-validation";

const MAX_ENTRIES = 1_000;
const cache = new Map<string, ValidationResult>();

/**
 * Validation of a workflow's live graph, cached per (workflow, version): a version's graph
 * never changes (SPEC §8), so a trigger parses and validates each version once, not on
 * every run.
 */
export function cachedValidation(workflow: { id: string; version: number; graph: string }): ValidationResult {
  const key = `${workflow.id}:${workflow.version}`;
  let result = cache.get(key);
  if (!result) {
    result = validateWorkflowGraph(graphFromColumn(workflow.graph, `workflow ${workflow.id}`));
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, result);
  }
  return result;
}

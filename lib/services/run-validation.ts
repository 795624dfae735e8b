import "server-only";
import type { ValidationResult } from "@/engine/validate";
import type { WorkflowRecord } from "@/lib/db/workflows";
import { validateWorkflowGraph } from "./graph-validation";

const MAX_ENTRIES = 1_000;
const cache = new Map<string, ValidationResult>();

/**
 * Validation of a workflow's live graph, cached per (workflow, version): a version's graph
 * never changes (SPEC §8), so a trigger validates each version once, not on every run.
 */
export function cachedValidation(workflow: Pick<WorkflowRecord, "id" | "version" | "graph">): ValidationResult {
  const key = `${workflow.id}:${workflow.version}`;
  let result = cache.get(key);
  if (!result) {
    result = validateWorkflowGraph(workflow.graph);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, result);
  }
  return result;
}

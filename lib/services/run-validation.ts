import "server-only";
import type { Graph } from "@/engine/graph/schema";
import type { ValidationResult } from "@/engine/validate";
import { graphFromColumn } from "@/lib/db/graph-column";
import { validateWorkflowGraph } from "./graph-validation";

const MAX_ENTRIES = 1_000;

/** A workflow version as a trigger needs it: parsed once, validated once per set of secret names. */
export interface CheckedVersion {
  /** Shared by every run of the version: read-only (the engine caches its plan per graph object). */
  graph: Graph;
  validation: ValidationResult;
}

const cache = new Map<string, CheckedVersion>();

/**
 * A workflow's live graph, parsed and validated, cached per (workflow, version, set of
 * secret names): a version's graph never changes (SPEC §8), so a trigger parses and
 * validates each version once, not on every run, and again only when secrets are added
 * or removed.
 */
export function checkedVersion(workflow: { id: string; version: number }, graphText: () => string, secretNames?: ReadonlySet<string>): CheckedVersion {
  const key = `${workflow.id}:${workflow.version}:${secretNames ? [...secretNames].sort().join(",") : "-"}`;
  let entry = cache.get(key);
  if (!entry) {
    const graph = graphFromColumn(graphText(), `workflow ${workflow.id} version ${workflow.version}`);
    entry = { graph, validation: validateWorkflowGraph(graph, secretNames) };
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, entry);
  }
  return entry;
}

import "server-only";
import type { Graph } from "@/engine/graph/schema";
import type { ValidationResult } from "@/engine/validate";
import { validateWorkflowGraph } from "./graph-validation";

/** A workflow version as a trigger needs it: parsed once, validated once per set of secret names. */
export interface CheckedVersion {
  /** Shared by every run of the version: read-only (the engine caches its plan per graph object). */
  graph: Graph;
  validation: ValidationResult;
}

/** Validations per parsed graph, by set of secret names: they go when the graph leaves the cache. */
const validations = new WeakMap<Graph, Map<string, ValidationResult>>();

/**
 * A version's graph (parsed once by the store) validated once per set of secret names: a
 * version's graph never changes (SPEC §8), so a trigger validates each version once, not
 * on every run, and again only when secrets are added or removed.
 */
export function checkedVersion(graph: Graph, secretNames?: ReadonlySet<string>): CheckedVersion {
  let byNames = validations.get(graph);
  if (!byNames) validations.set(graph, (byNames = new Map()));
  const key = secretNames ? [...secretNames].sort().join(",") : "-";
  let validation = byNames.get(key);
  if (!validation) byNames.set(key, (validation = validateWorkflowGraph(graph, secretNames)));
  return { graph, validation };
}

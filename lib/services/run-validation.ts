import "server-only";
import type { Graph } from "@/engine/graph/schema";
import { secretRefsIn } from "@/engine/secrets";
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
function checkedVersion(graph: Graph, secretNames?: ReadonlySet<string>): CheckedVersion {
  let byNames = validations.get(graph);
  if (!byNames) validations.set(graph, (byNames = new Map()));
  const key = secretNames ? [...secretNames].sort().join(",") : "-";
  let validation = byNames.get(key);
  if (!validation) byNames.set(key, (validation = validateWorkflowGraph(graph, secretNames)));
  return { graph, validation };
}

/** Whether each parsed graph names a secret anywhere (the validation checks only those it names). */
const namesSecrets = new WeakMap<Graph, boolean>();
const NO_SECRETS: ReadonlySet<string> = new Set();

/**
 * {@link checkedVersion} against the stored secrets' names, read with `names` only when the
 * graph names a secret: a graph that names none validates the same against any set, so most
 * triggers read no secrets at all.
 */
export async function checkedVersionAgainst(graph: Graph, names: () => Promise<ReadonlySet<string>>): Promise<CheckedVersion> {
  let any = namesSecrets.get(graph);
  if (any === undefined) namesSecrets.set(graph, (any = graph.nodes.some((node) => secretRefsIn(node.config).length > 0)));
  return checkedVersion(graph, any ? await names() : NO_SECRETS);
}

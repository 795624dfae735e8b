import { storedGraphSchema, type Graph } from "@/engine/graph/schema";

/** Serializes a graph for a TEXT column. */
export function graphToColumn(graph: Graph): string {
  return JSON.stringify(graph);
}

/**
 * Re-parses a stored graph with the engine schema (STYLE rule 8): what leaves lib/db is
 * always a valid `Graph`. A row that no longer parses is corrupt storage, not bad input.
 * Stored graphs are read with the shape they were saved with (`storedGraphSchema`): rules
 * added for new input since are validation errors for an old graph, not unreadable rows.
 */
export function graphFromColumn(text: string, where: string): Graph {
  const parsed = storedGraphSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`stored graph of ${where} does not match the graph schema: ${parsed.error.message}`);
  return parsed.data;
}

/** Parsed version graphs kept per database (see {@link versionGraphs}). */
const KEPT = 64;
const caches = new WeakMap<object, Map<string, Graph>>();

/**
 * The one parsed-graph cache: a workflow version's graph, parsed once per database and
 * kept (the {@link KEPT} most recently used). Versions are immutable (SPEC §8), and every
 * trigger, run load, resume and approval needs one — parsing a 1,000-node graph with its
 * schema costs milliseconds. Callers treat the graph as read-only: the engine caches its
 * plan, and triggers their validation, per graph object. `text` is read only on a miss;
 * it answers null when the version does not exist, and so does this.
 */
export function versionGraph(conn: object, workflowId: string, version: number, text: () => string | null): Graph | null {
  let cache = caches.get(conn);
  if (!cache) caches.set(conn, (cache = new Map()));
  const key = `${workflowId}\u0000${version}`;
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const found = text();
  if (found === null) return null;
  const graph = graphFromColumn(found, `workflow ${workflowId} version ${version}`);
  cache.set(key, graph);
  if (cache.size > KEPT) cache.delete(cache.keys().next().value as string);
  return graph;
}

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

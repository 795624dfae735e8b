/**
 * `validateGraph`: every semantic problem of a graph that the shape check lets through
 * (SPEC §2). Saving never depends on it; running does: any error answers 422.
 */
import type { Graph } from "../graph/schema";
import { buildGraphIndex } from "../graph/build-graph-index";
import { checkStructure } from "./check-structure";
import { checkNodes } from "./check-nodes";
import type { ValidationContext } from "./context";
import { checkEdges } from "./check-edges";
import { checkTopology } from "./check-topology";
import { checkSecrets } from "./check-secrets";
import { createCollector, type ValidationResult } from "./issues";

export { hasErrors, VALIDATION_MESSAGES, VALIDATION_SEVERITY } from "./issues";
export type { IssueArgs, ValidationCode, ValidationIssue, ValidationResult } from "./issues";
export type { ValidationContext } from "./context";

/**
 * Check a shape-valid graph. Pure and synchronous; linear in nodes + edges except the
 * concurrent-write check, which is linear times the number of nodes sharing an output key.
 *
 * Findings come in a fixed order: structure, nodes, edges, then whole-graph checks.
 * An empty graph reports only `empty_graph`.
 */
export function validateGraph(graph: Graph, ctx: ValidationContext): ValidationResult {
  const { result, report } = createCollector();
  const index = buildGraphIndex(graph);
  checkStructure(graph, index, report);
  if (graph.nodes.length === 0) return result;
  checkNodes(graph, ctx, report);
  checkSecrets(graph, ctx, report);
  checkEdges(graph, index, report);
  checkTopology(graph, index, report);
  return result;
}

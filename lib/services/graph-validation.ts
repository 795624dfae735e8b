import "server-only";
import type { Graph } from "@/engine/graph/schema";
import { isKnownModel } from "@/engine/models/prices";
import { defaultToolRegistry } from "@/engine/tools/registry";
import type { ToolRegistry } from "@/engine/tools/types";
import { validateGraph, type ValidationResult } from "@/engine/validate";

let tools: ToolRegistry | undefined;

/**
 * Semantic validation with the server's tools and price table (SPEC §2): the list the
 * editor shows and the errors that block a run. Never throws for a shape-valid graph.
 * With `secretNames`, `{secrets.NAME}` must name a stored secret.
 */
export function validateWorkflowGraph(graph: Graph, secretNames?: ReadonlySet<string>): ValidationResult {
  tools ??= defaultToolRegistry();
  return validateGraph(graph, { tools, knownModel: isKnownModel, secretNames });
}

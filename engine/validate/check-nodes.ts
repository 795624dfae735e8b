/**
 * Per-node checks of config the schema accepts but a run cannot use: the ones every node
 * gets here (reserved ids and output keys), then its kind's own (`NodeKind.check`: tools,
 * tool params, expressions, loop caps, models and reviewer forms).
 */
import { isPrototypeName, type Graph, type GraphNode } from "../graph/schema";
import { nodeOutputKey } from "../graph/output-key";
import { kindOf } from "../nodes/registry";
import { configPath, type ValidationContext } from "./context";
import type { Report } from "./issues";
import { nodeName } from "./names";
import { isReservedKey } from "./reserved-keys";

export type { ValidationContext } from "./context";

function checkNode(node: GraphNode, at: number, ctx: ValidationContext, report: Report): void {
  // Saved before the schema refused such ids: the graph still reads, and cannot run.
  if (isPrototypeName(node.id)) report("reserved_name", { subject: "A node", name: node.id, fix: "Delete it and add it again." }, { node_id: node.id, path: ["nodes", at, "id"] });
  const key = nodeOutputKey(node);
  if (key !== null && isReservedKey(key)) {
    const where = "output_key" in node.config && node.config.output_key !== undefined ? configPath(at, "output_key") : ["nodes", at, "id"];
    report("reserved_state_key", { node: nodeName(node, node.id), key, what: "output key" }, { node_id: node.id, path: where });
  }
  kindOf(node).check(node, at, ctx, report);
}

/** Checks every declared node, repeated ids included: `path` tells them apart. */
export function checkNodes(graph: Graph, ctx: ValidationContext, report: Report): void {
  graph.nodes.forEach((node, at) => checkNode(node, at, ctx, report));
}

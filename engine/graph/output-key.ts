/**
 * The state key a node writes (SPEC §2): agent and tool nodes write `output_key`,
 * defaulting to the node id. Other kinds write no key of their own choosing.
 */
import type { GraphNode } from "./schema";

/** The key an agent/tool node writes its result to, or null for node kinds that do not. */
export function nodeOutputKey(node: GraphNode): string | null {
  if (node.type === "agent" || node.type === "tool") return node.config.output_key ?? node.id;
  return null;
}

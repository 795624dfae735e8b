/**
 * The state key a node writes (SPEC §2): agent and tool nodes write `output_key`,
 * defaulting to the node id; each kind says so in its definition (`nodes/`).
 */
import { kindOf } from "../nodes/registry";
import type { GraphNode } from "./schema";

/** The key a node writes its result to, or null for node kinds that do not. */
export function nodeOutputKey(node: GraphNode): string | null {
  return kindOf(node).outputKey(node);
}

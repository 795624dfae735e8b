/**
 * Two nodes that may run at the same time and write the same state key make the
 * final state depend on timing (SPEC §3, determinism): validation warns about them.
 */
import type { Graph } from "./schema";
import { buildGraphIndex, type GraphIndex } from "./build-graph-index";
import { stronglyConnectedComponents } from "./strongly-connected-components";
import { buildBranchTags, onExclusiveBranches } from "./branch-exclusivity";
import { nodeOutputKey } from "./output-key";

export interface ConcurrentWrite {
  key: string;
  /** The earlier-declared node of the pair. */
  a: string;
  b: string;
}

/** At most this many pairs are reported; past it the graph has a pattern, not a slip. */
export const CONCURRENT_WRITES_LIMIT = 100;

/**
 * Pairs of agent/tool nodes that write the same key where neither can reach the other
 * and they are not on opposite branches of a condition that runs once.
 *
 * 1. Group writers by key; only keys with two or more writers matter ("relevant" nodes).
 * 2. Condense the graph into strongly connected components (nodes in one cycle reach each other).
 * 3. In reverse topological order, give each component a bitset of the relevant nodes it
 *    reaches: its own plus its successors'. Cost O((nodes + edges) × relevant / 32).
 * 4. A pair is concurrent when neither bitset holds the other node.
 */
export function concurrentWriters(
  graph: Pick<Graph, "nodes" | "edges">,
  index: GraphIndex = buildGraphIndex(graph),
  limit: number = CONCURRENT_WRITES_LIMIT,
): ConcurrentWrite[] {
  const byKey = new Map<string, string[]>();
  for (const id of index.ids) {
    const key = nodeOutputKey(index.nodes.get(id)!);
    if (key === null) continue;
    const writers = byKey.get(key);
    if (writers) writers.push(id);
    else byKey.set(key, [id]);
  }
  const groups = [...byKey].filter(([, writers]) => writers.length > 1);
  if (groups.length === 0) return [];

  const bit = new Map<string, number>();
  for (const [, writers] of groups) for (const id of writers) bit.set(id, bit.size);
  const words = Math.ceil(bit.size / 32);
  const scc = stronglyConnectedComponents(index);
  const reach = scc.components.map(() => new Uint32Array(words));
  scc.components.forEach((members, c) => {
    const own = reach[c];
    for (const id of members) {
      const b = bit.get(id);
      if (b !== undefined) own[b >>> 5] |= 1 << (b & 31);
      for (const edge of index.outgoing.get(id)!) {
        const d = scc.componentOf.get(edge.target)!;
        if (d === c) continue;
        const theirs = reach[d];
        for (let w = 0; w < words; w++) own[w] |= theirs[w];
      }
    }
  });
  const reaches = (from: string, to: string) => {
    const b = bit.get(to)!;
    return (reach[scc.componentOf.get(from)!][b >>> 5] & (1 << (b & 31))) !== 0;
  };

  const tags = buildBranchTags(index, scc);
  const found: ConcurrentWrite[] = [];
  for (const [key, writers] of groups) {
    for (let i = 0; i < writers.length; i++) {
      for (let j = i + 1; j < writers.length; j++) {
        const a = writers[i];
        const b = writers[j];
        if (reaches(a, b) || reaches(b, a)) continue;
        if (onExclusiveBranches(tags.get(a) ?? null, tags.get(b) ?? null)) continue;
        found.push({ key, a, b });
        if (found.length >= limit) return found;
      }
    }
  }
  return found;
}

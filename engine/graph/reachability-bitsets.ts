/**
 * Reachability between a chosen set of nodes, as bitsets over the condensation of
 * the graph (its strongly connected components), so questions like "may these two
 * run at the same time?" cost a bit test instead of a search.
 */
import type { GraphIndex } from "./build-graph-index";
import type { Components } from "./strongly-connected-components";

export interface ReachabilityBitsets {
  /** Words per bitset. */
  words: number;
  /** Per component: the tracked nodes it reaches, its own members included. */
  reach: Uint32Array[];
  /** Per component: the tracked nodes that reach it, its own members included. */
  reachedBy: Uint32Array[];
}

/**
 * Bitsets over the tracked nodes (`bitOf` gives each its bit).
 *
 * 1. Seed every component with the bits of its own tracked members.
 * 2. In reverse topological order (the order of `scc.components`), OR each successor
 *    component's `reach` into it.
 * 3. In topological order, OR each predecessor component's `reachedBy` into it.
 *
 * Cost O((nodes + edges) × tracked / 32) time and 2 × components × tracked bits of memory.
 */
export function reachabilityBitsets(index: GraphIndex, scc: Components, bitOf: Map<string, number>): ReachabilityBitsets {
  const words = Math.ceil(bitOf.size / 32);
  const count = scc.components.length;
  const reach = Array.from({ length: count }, () => new Uint32Array(words));
  const reachedBy = Array.from({ length: count }, () => new Uint32Array(words));
  scc.components.forEach((members, c) => {
    for (const id of members) {
      const b = bitOf.get(id);
      if (b === undefined) continue;
      reach[c][b >>> 5] |= 1 << (b & 31);
      reachedBy[c][b >>> 5] |= 1 << (b & 31);
    }
  });
  const fold = (c: number, table: Uint32Array[], neighbours: "outgoing" | "incoming") => {
    const own = table[c];
    for (const id of scc.components[c]) {
      for (const edge of index[neighbours].get(id)!) {
        const d = scc.componentOf.get(neighbours === "outgoing" ? edge.target : edge.source)!;
        if (d === c) continue;
        const theirs = table[d];
        for (let w = 0; w < words; w++) own[w] |= theirs[w];
      }
    }
  };
  for (let c = 0; c < count; c++) fold(c, reach, "outgoing");
  for (let c = count - 1; c >= 0; c--) fold(c, reachedBy, "incoming");
  return { words, reach, reachedBy };
}

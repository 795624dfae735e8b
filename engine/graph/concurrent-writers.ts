/**
 * Two nodes that may run at the same time and write the same state key make the
 * final state depend on timing (SPEC §3, determinism): validation warns about them.
 */
import type { Graph } from "./schema";
import { buildGraphIndex, type GraphIndex } from "./build-graph-index";
import { stronglyConnectedComponents } from "./strongly-connected-components";
import { buildBranchTags, onExclusiveBranches } from "./branch-exclusivity";
import { reachabilityBitsets } from "./reachability-bitsets";
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
 * Above this many reachability bits (components × writers sharing a key, per table) the
 * check is skipped and reports nothing: 2^26 bits is 8 MB per table, reached only by
 * thousands of nodes all writing one key, where a warning per pair would not help anyway.
 */
export const CONCURRENT_WRITES_MAX_BITS = 2 ** 26;

/** Mask of bits `lo`..`hi - 1` of one 32-bit word (0 ≤ lo < hi ≤ 32). */
function rangeMask(lo: number, hi: number): number {
  const upTo = hi === 32 ? 0xffffffff : (1 << hi) - 1;
  return (upTo & ~((1 << lo) - 1)) >>> 0;
}

/**
 * Pairs of agent/tool nodes that write the same key where neither can reach the other
 * and they are not on opposite branches of a condition that runs once.
 *
 * 1. Group writers by key; only keys with two or more writers matter. Each group gets a
 *    contiguous run of bits.
 * 2. Build reach / reached-by bitsets over the strongly connected components (nodes in
 *    one cycle reach each other, so they are never concurrent).
 * 3. For each writer, the candidates are the later bits of its group in neither of its
 *    bitsets, found a word at a time, so a 10,000-node chain costs no pairwise tests.
 *
 * Skipped above {@link CONCURRENT_WRITES_MAX_BITS}.
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
  if (groups.length === 0 || limit <= 0) return [];

  const bitOf = new Map<string, number>();
  const byBit: string[] = [];
  for (const [, writers] of groups) for (const id of writers) bitOf.set(id, byBit.push(id) - 1);
  const scc = stronglyConnectedComponents(index);
  if (scc.components.length * byBit.length > CONCURRENT_WRITES_MAX_BITS) return [];
  const { reach, reachedBy } = reachabilityBitsets(index, scc, bitOf);
  const tags = buildBranchTags(index, scc);

  const found: ConcurrentWrite[] = [];
  for (const [key, writers] of groups) {
    const end = bitOf.get(writers[0])! + writers.length;
    for (const a of writers) {
      const first = bitOf.get(a)! + 1;
      const c = scc.componentOf.get(a)!;
      for (let w = first >>> 5; w << 5 < end; w++) {
        const lo = Math.max(first, w << 5) - (w << 5);
        const hi = Math.min(end, (w + 1) << 5) - (w << 5);
        let free = ~(reach[c][w] | reachedBy[c][w]) & rangeMask(lo, hi);
        while (free !== 0) {
          const low = free & -free;
          free ^= low;
          const b = byBit[(w << 5) + 31 - Math.clz32(low)];
          if (onExclusiveBranches(tags.get(a) ?? null, tags.get(b) ?? null)) continue;
          found.push({ key, a, b });
          if (found.length >= limit) return found;
        }
      }
    }
  }
  return found;
}

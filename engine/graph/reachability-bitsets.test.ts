import { describe, expect, it } from "vitest";
import { buildGraphIndex } from "./build-graph-index";
import { reachabilityBitsets } from "./reachability-bitsets";
import { stronglyConnectedComponents } from "./strongly-connected-components";
import { graphFixture } from "./graph-fixture";

function bits(set: Uint32Array, names: string[]): string[] {
  return names.filter((_, b) => (set[b >>> 5] & (1 << (b & 31))) !== 0);
}

describe("reachabilityBitsets", () => {
  it("records what each node reaches and is reached by, through cycles", () => {
    const g = graphFixture("a b c d e", "a>b b>c c>b c>d a>e");
    const index = buildGraphIndex(g);
    const scc = stronglyConnectedComponents(index);
    const tracked = ["a", "b", "d", "e"];
    const { reach, reachedBy } = reachabilityBitsets(index, scc, new Map(tracked.map((id, i) => [id, i])));
    const of = (id: string) => scc.componentOf.get(id)!;
    expect(bits(reach[of("a")], tracked)).toEqual(["a", "b", "d", "e"]);
    expect(bits(reach[of("c")], tracked)).toEqual(["b", "d"]);
    expect(bits(reachedBy[of("d")], tracked)).toEqual(["a", "b", "d"]);
    expect(bits(reachedBy[of("e")], tracked)).toEqual(["a", "e"]);
  });

  it("spans more than one word", () => {
    const ids = Array.from({ length: 70 }, (_, i) => `n${i}`);
    const g = graphFixture(ids.join(" "), ids.slice(1).map((id, i) => `${ids[i]}>${id}`).join(" "));
    const index = buildGraphIndex(g);
    const scc = stronglyConnectedComponents(index);
    const { words, reach } = reachabilityBitsets(index, scc, new Map(ids.map((id, i) => [id, i])));
    expect(words).toBe(3);
    expect(bits(reach[scc.componentOf.get("n65")!], ids)).toEqual(["n65", "n66", "n67", "n68", "n69"]);
  });
});

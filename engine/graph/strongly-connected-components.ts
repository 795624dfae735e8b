/**
 * Strongly connected components (Tarjan), iterative so 10,000-node graphs do not
 * overflow the call stack. Cycle checks and reachability both build on it.
 */
import type { GraphIndex } from "./build-graph-index";

export interface Components {
  /**
   * Components in reverse topological order: every component comes after all the
   * components it can reach. Members are in declaration order.
   */
  components: string[][];
  /** Position in `components` of each node's component. */
  componentOf: Map<string, number>;
}

/**
 * Split the graph into strongly connected components.
 * `skip` leaves nodes out entirely, as if they and their edges were not there.
 */
export function stronglyConnectedComponents(index: GraphIndex, skip?: (id: string) => boolean): Components {
  const { ids } = index;
  const n = ids.length;
  const pos = new Map<string, number>();
  ids.forEach((id, i) => pos.set(id, i));
  const skipped = new Uint8Array(n);
  if (skip) ids.forEach((id, i) => (skipped[i] = skip(id) ? 1 : 0));
  const succ = ids.map((id) => index.outgoing.get(id)!.map((e) => pos.get(e.target)!).filter((t) => !skipped[t]));
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const tarjan: number[] = [];
  const frameNode: number[] = [];
  const frameNext: number[] = [];
  const components: string[][] = [];
  const componentOf = new Map<string, number>();
  let counter = 0;
  const enter = (v: number) => {
    disc[v] = low[v] = counter++;
    tarjan.push(v);
    onStack[v] = 1;
    frameNode.push(v);
    frameNext.push(0);
  };

  for (let root = 0; root < n; root++) {
    if (disc[root] >= 0 || skipped[root]) continue;
    enter(root);
    while (frameNode.length > 0) {
      const top = frameNode.length - 1;
      const v = frameNode[top];
      const out = succ[v];
      if (frameNext[top] < out.length) {
        const w = out[frameNext[top]++];
        if (disc[w] < 0) enter(w);
        else if (onStack[w]) low[v] = Math.min(low[v], disc[w]);
        continue;
      }
      frameNode.pop();
      frameNext.pop();
      if (top > 0) low[frameNode[top - 1]] = Math.min(low[frameNode[top - 1]], low[v]);
      if (low[v] !== disc[v]) continue;
      const members: number[] = [];
      let w: number;
      do {
        w = tarjan.pop()!;
        onStack[w] = 0;
        members.push(w);
      } while (w !== v);
      members.sort((a, b) => a - b);
      for (const m of members) componentOf.set(ids[m], components.length);
      components.push(members.map((m) => ids[m]));
    }
  }
  return { components, componentOf };
}

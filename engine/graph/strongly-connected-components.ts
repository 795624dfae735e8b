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
  const order = new Map<string, number>();
  index.ids.forEach((id, i) => order.set(id, i));
  const low = new Map<string, number>();
  const disc = new Map<string, number>();
  const onStack = new Set<string>();
  const tarjan: string[] = [];
  const components: string[][] = [];
  const componentOf = new Map<string, number>();
  let counter = 0;

  for (const root of index.ids) {
    if (disc.has(root) || skip?.(root)) continue;
    const frames: { id: string; next: number }[] = [];
    const enter = (id: string) => {
      disc.set(id, counter);
      low.set(id, counter++);
      tarjan.push(id);
      onStack.add(id);
      frames.push({ id, next: 0 });
    };
    enter(root);
    while (frames.length > 0) {
      const top = frames[frames.length - 1];
      const out = index.outgoing.get(top.id)!;
      if (top.next < out.length) {
        const target = out[top.next++].target;
        if (skip?.(target)) continue;
        if (!disc.has(target)) enter(target);
        else if (onStack.has(target)) low.set(top.id, Math.min(low.get(top.id)!, disc.get(target)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(top.id)!));
      if (low.get(top.id) !== disc.get(top.id)) continue;
      const members: string[] = [];
      let member: string;
      do {
        member = tarjan.pop()!;
        onStack.delete(member);
        componentOf.set(member, components.length);
        members.push(member);
      } while (member !== top.id);
      members.sort((a, b) => order.get(a)! - order.get(b)!);
      components.push(members);
    }
  }
  return { components, componentOf };
}

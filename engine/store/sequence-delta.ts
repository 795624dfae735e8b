/**
 * Delta of an ordered list against its previous version, as a short edit script.
 * `completed` only grows at the end; the queue snapshot loses items in the middle (a
 * finished execution) and gains them at the end. Both change by a few items per node
 * while their length grows with the graph, so a checkpoint stores only the edits.
 */
import type { QueueItem } from "../ports";

/** Replace `del` items of the base starting at index `at` with `ins`. Edits are in base order. */
export type SequenceEdit<T> = [at: number, del: number, ins: T[]];

export interface SequenceDelta<T> {
  e: SequenceEdit<T>[];
}

/** How far ahead the diff looks to resynchronise after a mismatch (items skipped on both sides). */
const LOOKAHEAD = 8;

/**
 * Greedy two-pointer diff: walks both lists, and at a mismatch looks a few items ahead for
 * the nearest point where they agree again. Any script it writes reproduces `next`
 * exactly; the lookahead only keeps the script short for the usual changes.
 */
export function diffSequence<T>(base: readonly T[], next: readonly T[], same: (a: T, b: T) => boolean): SequenceDelta<T> {
  const edits: SequenceEdit<T>[] = [];
  const edit = (at: number, del: number, ins: T[]) => {
    const last = edits[edits.length - 1];
    if (last && last[0] + last[1] === at) {
      last[1] += del;
      for (const item of ins) last[2].push(item);
    } else edits.push([at, del, ins]);
  };
  let i = 0;
  let j = 0;
  while (i < base.length && j < next.length) {
    if (same(base[i], next[j])) {
      i++;
      j++;
      continue;
    }
    const [di, dj] = resync(base, next, i, j, same);
    edit(i, di, next.slice(j, j + dj));
    i += di;
    j += dj;
  }
  if (i < base.length || j < next.length) edit(i, base.length - i, next.slice(j));
  return { e: edits };
}

/** The smallest skip (di on base, dj on next) after which the lists agree; (1, 1) when none is near. */
function resync<T>(base: readonly T[], next: readonly T[], i: number, j: number, same: (a: T, b: T) => boolean): [number, number] {
  for (let d = 1; d <= LOOKAHEAD; d++) {
    for (let di = 0; di <= d; di++) {
      const dj = d - di;
      if (i + di < base.length && j + dj < next.length && same(base[i + di], next[j + dj])) return [di, dj];
    }
  }
  return [1, 1];
}

/** The sequence a delta describes, as a new array (the base is left as is). */
export function applySequence<T>(base: readonly T[], delta: SequenceDelta<T>): T[] {
  const out: T[] = [];
  let pos = 0;
  for (const [at, del, ins] of delta.e) {
    for (; pos < at; pos++) out.push(base[pos]);
    for (const item of ins) out.push(item);
    pos = at + del;
  }
  for (; pos < base.length; pos++) out.push(base[pos]);
  return out;
}

/**
 * Apply a delta to `base` in place (an encoder's private copy). Edits are applied last to
 * first, so each one's base index still holds; a few edits cost a few native splices.
 */
export function applySequenceInPlace<T>(base: T[], delta: SequenceDelta<T>): void {
  for (let k = delta.e.length - 1; k >= 0; k--) {
    const [at, del, ins] = delta.e[k];
    if (del === 0 && at === base.length) for (const item of ins) base.push(item);
    else base.splice(at, del, ...ins);
  }
}

/**
 * Every field of a queue item, checked at compile time: adding a field to QueueItem fails
 * to compile until it is listed here and compared in {@link sameQueueItem}.
 */
export const QUEUE_ITEM_FIELDS: Record<keyof QueueItem, true> = { node_id: true, n: true, edge_id: true };

/** Queue items are equal when all their fields are (written out: this runs per item per checkpoint). */
export function sameQueueItem(a: QueueItem, b: QueueItem): boolean {
  return a.node_id === b.node_id && a.n === b.n && a.edge_id === b.edge_id;
}

export const sameId = (a: string, b: string): boolean => a === b;

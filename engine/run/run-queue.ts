/**
 * A run's unsettled executions in checkpoint order — parked at gates, in flight, then
 * pending (FIFO) — and how that order changed since the last checkpoint, so a store can
 * encode it as edits ({@link import("../ports").CheckpointHint}) instead of comparing
 * whole lists. Admitting never moves an execution in that order: the first pending one
 * becomes the last in flight, at the same position.
 */
import type { QueueItem } from "../ports";

type Edit = [at: number, del: number, ins: QueueItem[]];

export class RunQueue<F extends { item: QueueItem }, P extends { item: QueueItem }> {
  readonly inFlight = new Map<string, F>();
  readonly parked: P[] = [];
  /** Pending executions; `head` is the next to admit (O(1) dequeue). */
  private pending: QueueItem[];
  private head = 0;
  /** Edits since the last checkpoint, in its coordinates; null when the order changed otherwise. */
  private edits: Edit[] | null = [];
  private baseLength: number;

  /** `items`: the queue of the checkpoint the run continues from, all pending. */
  constructor(items: QueueItem[]) {
    this.pending = items;
    this.baseLength = items.length;
  }

  pendingCount(): number {
    return this.pending.length - this.head;
  }

  /** Take the next pending execution. */
  shift(): QueueItem {
    const item = this.pending[this.head++];
    if (this.head > 1024 && this.head * 2 > this.pending.length) {
      this.pending = this.pending.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Put an execution back in front of the pending ones. */
  requeueFront(item: QueueItem): void {
    if (this.head > 0) this.pending[--this.head] = item;
    else this.pending.unshift(item);
  }

  fly(key: string, flight: F): void {
    this.inFlight.set(key, flight);
  }

  /** A gate parks: parked executions move to the front of the order. */
  park(parked: P): void {
    this.parked.push(parked);
    this.edits = null;
  }

  /** A flight succeeded: it leaves the queue; its successors join at the end. */
  complete(key: string, flight: F, successors: QueueItem[]): void {
    const position = this.parked.length + this.indexInFlight(flight);
    this.inFlight.delete(key);
    for (const q of successors) this.pending.push(q);
    this.edits?.push([position, 1, []]);
    if (successors.length > 0) this.edits?.push([this.baseLength, 0, successors]);
  }

  /** A flight failed: it stays queued, first in line, so a resume tries it again. */
  fail(key: string, flight: F): void {
    this.inFlight.delete(key);
    this.requeueFront(flight.item);
    this.edits = null;
  }

  /** The order for a checkpoint, with the edits since the previous one; starts a new interval. */
  checkpoint(): { queue: QueueItem[]; edits: Edit[] | null } {
    const queue: QueueItem[] = [];
    for (const p of this.parked) queue.push(p.item);
    for (const f of this.inFlight.values()) queue.push(f.item);
    for (let i = this.head; i < this.pending.length; i++) queue.push(this.pending[i]);
    const edits = this.edits;
    this.edits = [];
    this.baseLength = queue.length;
    return { queue, edits };
  }

  private indexInFlight(flight: F): number {
    let i = 0;
    for (const f of this.inFlight.values()) {
      if (f === flight) return i;
      i++;
    }
    return -1;
  }
}

/** The run store contract's `leaseTo` (engine/store/contract.ts) for a store with leases, through its lease port. */
import type { RunHostStore } from "../ports";

/** Each hand-over a later moment than the last, so the lease before it has expired. */
let clock = Date.now();

export async function leaseTo(store: RunHostStore, runId: string, holder: string): Promise<void> {
  clock += 3_600_000;
  if (!(await store.leases.claim({ runId, owner: holder, now: clock, ttlMs: 1_000 }))) throw new Error(`the lease of run ${runId} could not be given to ${holder}`);
}

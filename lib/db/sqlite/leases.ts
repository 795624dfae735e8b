/** Run leases on SQLite: the lib/db/run-leases.ts statements, through the connection's gate. */
import type Database from "better-sqlite3";
import type { RunLeaseStore } from "../ports";
import { claimLease, listExpiredGates, listOrphanCandidates, releaseLease, releaseProcessLeases, renewLeases, takeOverLease } from "../run-leases";
import { clearTakeovers, noteTakeover } from "../run-takeovers";
import { gateOf } from "./gate";

/** `batched`: the run store's group commit, which a release joins (it shares the next transaction). */
export function sqliteLeases(c: Database.Database, batched: <T>(fn: () => T) => Promise<T>): RunLeaseStore {
  const gate = gateOf(c);
  const run = <T>(f: () => T) => gate.run(f);
  return {
    claim: (a) => run(() => claimLease(c, a)),
    takeOver: (a) => run(() => takeOverLease(c, a)),
    release: ({ runId, owner, unless }) =>
      batched(() => {
        if (!unless?.()) releaseLease(c, { runId, owner });
      }).catch((err: unknown) => {
        // After close (shutdown) the lease simply expires.
        if (c.open) throw err;
      }),
    releaseProcess: (ownerPrefix) => run(() => releaseProcessLeases(c, ownerPrefix)),
    renew: (a) => run(() => renewLeases(c, a)),
    orphans: (a) => run(() => listOrphanCandidates(c, a)),
    expiredGates: (a) => run(() => listExpiredGates(c, a)),
    noteTakeover: (runId) => run(() => noteTakeover(c, runId)),
    clearTakeovers: (runId) => run(() => clearTakeovers(c, runId)),
  };
}

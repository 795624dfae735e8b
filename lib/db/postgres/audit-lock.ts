import { LOCK_NAMESPACE, LOCKS } from "./advisory-locks";

/**
 * The audit chain's advisory lock as `pg_advisory_xact_lock` arguments: the same (namespace,
 * lock) pair every audit append takes (./advisory-locks.ts, ./audit.ts), so the run store's
 * `run.trigger` rows and the request side's appends never chain onto the same row.
 */
export const AUDIT_CHAIN_LOCK = `${LOCK_NAMESPACE}, ${LOCKS.audit}`;

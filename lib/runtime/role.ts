/**
 * What this process does (`SWITCHYARD_ROLE`): `all` (the default) serves the API and executes
 * runs; `web` serves the API and hands every run to the worker processes; `worker` (what
 * `npm run worker` starts) only executes runs. Web and worker processes need a database several
 * processes share (PostgreSQL). `SWITCHYARD_WORKER_CONCURRENCY` bounds the runs one process
 * executes at once (default: no bound).
 */
export type ProcessRole = "all" | "web" | "worker";

const ROLES: readonly ProcessRole[] = ["all", "web", "worker"];

export function processRole(env: Record<string, string | undefined> = process.env): ProcessRole {
  const value = env.SWITCHYARD_ROLE?.trim().toLowerCase() || "all";
  if ((ROLES as readonly string[]).includes(value)) return value as ProcessRole;
  throw new Error(`SWITCHYARD_ROLE must be one of ${ROLES.join(", ")} (got "${env.SWITCHYARD_ROLE}")`);
}

/** The most runs this process executes at once: `SWITCHYARD_WORKER_CONCURRENCY`, a whole number ≥ 1; unset: no bound. */
export function workerConcurrency(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SWITCHYARD_WORKER_CONCURRENCY?.trim();
  if (!raw) return Number.POSITIVE_INFINITY;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`SWITCHYARD_WORKER_CONCURRENCY must be a whole number of at least 1 (got "${env.SWITCHYARD_WORKER_CONCURRENCY}")`);
  return n;
}

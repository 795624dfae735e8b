/**
 * How long a session lasts without use: `SWITCHYARD_SESSION_HOURS` (fractions allowed),
 * default 168 (a week). Each day of use moves the end on.
 */
const DEFAULT_HOURS = 168;

export function sessionTtlSeconds(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SWITCHYARD_SESSION_HOURS?.trim();
  if (!raw) return DEFAULT_HOURS * 3600;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error(`SWITCHYARD_SESSION_HOURS must be a positive number of hours, got "${raw}"`);
  return Math.max(1, Math.round(hours * 3600));
}

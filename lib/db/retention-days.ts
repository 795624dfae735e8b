/** The run retention setting (`SWITCHYARD_RUN_RETENTION_DAYS`), read from the environment; ./retention.ts deletes by it. */

/** Thrown at startup for a retention setting that is not a positive number of days. */
export class RetentionConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RetentionConfigError";
  }
}

/**
 * The retention period in days from the environment's text: null (keep every run) when
 * unset or empty; a positive number of days (fractions allowed) otherwise.
 */
export function parseRetentionDays(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return null;
  const days = Number(text);
  if (!Number.isFinite(days) || days <= 0) {
    throw new RetentionConfigError(`SWITCHYARD_RUN_RETENTION_DAYS must be a positive number of days (got "${text}"); leave it unset to keep every run`);
  }
  return days;
}

/** This server's retention period (`SWITCHYARD_RUN_RETENTION_DAYS`), null to keep every run. */
export const configuredRetentionDays = (): number | null => parseRetentionDays(process.env.SWITCHYARD_RUN_RETENTION_DAYS);
